// Package replay records games as compact replay files, reads them back, and proves them by
// playing their actions again through the engine.
//
// A replay holds how a game was set up (the game id, its options, the seed of its random
// stream, the players), its opening position, and every action with what it did: the
// state hash, the change of the game's view and, for a flick, its trajectory sampled every
// 1/60 s of simulated time with its contacts, falls and exits. A viewer (package viewer)
// draws it; a test replays it.
//
// # Recording
//
// A [Recorder] wraps any [env.Game]: each Reset starts a replay, each Step adds a line. The
// trajectories come from the game: a game that flicks runs its flicks through a
// [physics.Tracer] (the Flick 'em Up! env game does when created with the option
// record=true, [RecordOption]) and exposes it ([Traceable]). The arena records chosen games this way
// (cmd/arena run --record), and a pool created with the watch option streams env 0's games
// to a live viewer through a [Sink].
//
// # The format
//
// A replay file is JSON lines (Ext ".jsonl"), optionally compressed with gzip (GzipExt
// ".jsonl.gz"). Every line is one record with a "type":
//
//	{"type":"header","format":"flickarena-replay/1","game":"flickemup/showdown-v9",
//	 "options":{"record":"true"},"seed":{"key":"5","episode":0},"players":["aimer","random"],
//	 "heads":[…],"dims":[…],"frame_interval":0.0166…,"table":{"width":90,"height":90},
//	 "pieces":{"cowboy":{"shape":"circle","r":1.2,"h":5.5,"topples":true},…},
//	 "drawing":{"area":{"min":[0,0],"max":[90,90]},"pieces":[…],"seats":[…],"style":"flickemup"},
//	 "view":{…the game's view after the reset…},"hash":"1c0d…"}
//	{"type":"step","i":0,"player":0,"action":{"d":[0,2,0,0,0,0],"c":[0,0,0]},
//	 "label":"select 3","status":"running","hash":"…","view":{"phase":"act","actor":"lawmen:3"}}
//	{"type":"step","i":1,…,"view":{…patch…},"flicks":[{"piece":1,"asked":[0,30000],
//	 "v":[512,29430],"start":[[1,4090,800,0]],"frames":[[167,1,4099,1290,0],…],
//	 "contacts":[[1,9,3488,4110,8110]],"falls":[[9,1,3488]],"t":9120,"steps":412,
//	 "digest":"…"}]}
//	{"type":"end","status":"terminated","outcome":[1,-1],"steps":151,"hash":"…"}
//
// The header's drawing ([draw.Drawing], from a game that is a [Drawer]) says how a viewer draws the
// game: each game owns its description. [Read] refuses one that does not validate.
//
// A discrete game (Flip' Rando: 2 to 5 seats, hidden cards) records the same lines without
// flicks: each step is the seat that decided, its action, the action's label, the view's
// patch and the state hash, and the end holds every seat's outcome. Its moves are animated
// from the views alone: a piece set of the drawing marked Glide slides its pieces from their
// place before a step to their place after it (a hiker's leg is one straight line), so the
// format needs nothing more, and [Verify] checks such a replay as any other. The view of a
// game with hidden information shows everything (a replay is for spectators and tests).
//
// Numbers that a reader could not hold (64-bit hashes and seeds) are strings. A step's view
// is a patch of the view before it ([Diff], [Patch]): JSON Merge Patch, extended to patch
// arrays by index. A flick's trajectory is written in fixed point (PosScale, AngleScale,
// TimeScale: 0.1 mm, 1 mrad, 0.1 ms); a frame lists only the pieces that moved since the
// frame before, and a flick's start lists only what changed since the previous flick ended,
// so a piece at rest costs nothing. [Flick].Digest hashes the exact float64 values, so that
// the fixed point loses nothing a check needs.
//
// # Size
//
// Measured by BenchmarkRecorder_Showdown over 16 showdowns each: a typical showdown between
// two aiming bots (161 steps, 100 flicks) takes 155 kB of JSON lines, 47 kB with gzip; a
// random game (162 steps, 71 flicks) 99 kB, 27 kB with gzip. Without trajectories (the record
// option off: actions, views and hashes only) the aiming game takes 71 kB, 15 kB with gzip.
// The frames are about 40% of a full replay, the view patches 25% (they keep the view's
// exact numbers, which Verify compares).
//
// # Determinism
//
// [Verify] creates the game again from its id, options and seed ([env.EpisodeRand](key,
// episode), as the arena and a Vector seed their games), applies the recorded actions, and
// requires the same opening, and at every step the same status, state hash, view patch and
// flicks: the same fixed-point frames and the same digest of the exact values. The physics is
// deterministic on one architecture (docs/decisions/physics-rebuild-world-per-flick.md); a
// replay verified on another may differ in the last bits. [Rebuild] replays the actions with
// other options (adding the trajectories to a replay recorded without them) and checks the
// state hashes on the way.
package replay
