package accounts

import "postal/notation"

// language is the part of the club's command language these tests write
// (the club's command table makes the whole, which this package cannot
// import): the verbs as the table defines them.
var language = notation.NewLanguage([]notation.Spec{
	{Verb: notation.CmdRegister, Usage: "register NAME [CODE]", Syntax: notation.Registration},
	{Verb: notation.CmdKey, Usage: "key KEY|new", Syntax: notation.KeyWords},
	{Verb: notation.CmdHelp, Usage: "help [TOPIC|GAME]", Syntax: notation.Topic},
	{Verb: notation.CmdGames, Usage: "games", Syntax: notation.NoWords},
	{Verb: notation.CmdStatus, Usage: "status", Syntax: notation.NoWords},
	{Verb: notation.CmdBoard, Usage: "board [ID]", Syntax: notation.OptionalID, Game: true},
	{Verb: notation.CmdRecord, Usage: "record [ID]", Syntax: notation.OptionalID, Game: true},
	{Verb: notation.CmdMoves, Usage: "moves [ID]", Syntax: notation.OptionalID, Game: true},
	{Verb: notation.CmdPreview, Usage: "preview [ID] MOVE | preview [ID] if MOVE MOVE ...", Syntax: notation.Preview, Game: true},
	{Verb: notation.CmdConditions, Usage: "conditions [ID]", Syntax: notation.OptionalID, Game: true},
	{Verb: notation.CmdResign, Usage: "resign [ID]", Syntax: notation.OptionalID, Game: true},
	{Verb: notation.CmdVacation, Usage: "vacation DAYS|off", Syntax: notation.Vacation},
	{Verb: notation.CmdAddress, Usage: "address [add|remove ADDRESS]", Syntax: notation.Address},
}, nil)
