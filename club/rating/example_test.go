package rating_test

import (
	"fmt"
	"time"

	"postal/club/rating"
)

// Two newcomers play; the winner of a game of two is place 1, the loser 2.
// Both are still provisional (RD above 110), shown with "?".
func Example() {
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	alice, bob := rating.Newcomer(), rating.Newcomer()
	after, err := rating.Play([]rating.Player{alice, bob}, []int{1, 2}, at)
	if err != nil {
		panic(err)
	}
	fmt.Println("alice", after[0].Rating, "RD", fmt.Sprintf("%.1f", after[0].RD))
	fmt.Println("bob", after[1].Rating, "RD", fmt.Sprintf("%.1f", after[1].RD))
	fmt.Println("list", rating.ListOf("conflagration", "mosey"))
	// Output:
	// alice 1662? RD 290.3
	// bob 1338? RD 290.3
	// list conflagration
}
