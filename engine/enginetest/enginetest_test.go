package enginetest

import (
	"strings"
	"testing"
)

func TestCatch(t *testing.T) {
	if err := Catch(func(tb testing.TB) { tb.Helper() }); err != nil {
		t.Errorf("a check that passes: %v", err)
	}
	err := Catch(func(tb testing.TB) {
		tb.Fatalf("game %d: %s", 7, "refused")
		t.Error("Fatalf did not stop the check")
	})
	if err == nil || err.Error() != "game 7: refused" {
		t.Errorf("Fatalf came back as %v", err)
	}
	if err := Catch(func(tb testing.TB) { tb.Error("one", "two") }); err == nil || err.Error() != "onetwo" {
		t.Errorf("Error came back as %v", err)
	}
	// Any other panic is not a failed check: it goes on up.
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "boom") {
			t.Errorf("a panic came back as %v", r)
		}
	}()
	_ = Catch(func(testing.TB) { panic("boom") })
	t.Error("the panic was swallowed")
}
