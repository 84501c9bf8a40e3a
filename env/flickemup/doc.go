// Package flickemup is the rules engine of Flick 'em Up! (Pretzel Games, 2015) on top of
// package physics, with our scenarios as data files.
//
// # Description
//
// Two teams, the lawmen and the outlaws, each of five numbered cowboys, fight over a town
// laid out on a table. Cowboys move and shoot by flicking wooden discs; a cowboy knocked over
// by a bullet loses a hit point. Rounds are clock hours from the scenario's start hour to
// noon. A [Game] is created from a [Scenario] (see [Load], [Parse]) and [Options]; it is
// driven by [Game.Apply] and read through its accessors and [Game.View].
//
// # Engine API
//
// The engine follows the convention of every game (docs/adding-a-game.md):
//
//	New(GameConfig{Scenario, Options}) (*Game, error)   Reset(rng), ResetSeed(seed)   Clone() *Game
//	Phase() Phase   CurrentTeam() Team   Current() int           Actor() (CowboyID, bool)
//	Legal(dst) []Action                  LegalKinds() mask       Check(a) error
//	Apply(a) error  (*IllegalActionError wrapping env.ErrIllegalAction, nothing changed, when illegal)
//	Over() bool     Result() Result      Scores(dst) []float64   HitPointsByTeam() [2]int  HitPoints(id) int
//	Hash() uint64   View() View (JSON)   Validate() error (invariants)
//	Cowboy(id) CowboyInfo   Token(id) TokenInfo   NumTokens() int   Closed(b) bool
//	List() []Info   Load(name)   Parse(file, data)   ParseFile(path)   ValidateFile(path) []error
//
// Flicks go through the consumer-owned [Table] interface: by default each game (and each
// clone) runs its own [physics.Simulator]; [Options.Table] substitutes scripted outcomes.
//
// # The env games flickemup/<scenario>-vN
//
// [Env] serves a Game through the [env.Game] contract, one env id per scenario of ours, each
// with the version its file declares (see "# Versions"): flickemup/showdown-vN ([ID],
// [Factory]), flickemup/bank-job-vN, flickemup/dry-spell-vN, flickemup/gunsmith-vN,
// flickemup/hostage-vN and flickemup/pardon-vN ([ScenarioID], [ScenarioFactory]);
// [Register] adds them all to an [env.Registry], explicitly (no init side effects), and
// [NewEnv] also plays a designer's own file (Config.Custom); [RegisterFiles] serves
// designers' files each under its own id, flickemup/file/<stem>-vN ([FileID]: my-town.scn
// without a version line is flickemup/file/my-town-v9 at RulesVersion 9), as arena run
// --scenarios FILE|DIR and envserver --scenarios PATH do. Every Env reports its scenario
// file's SHA-256, the version line left out ([Env.ContentDigest]), which the arena puts in a
// tournament's identity: an edited file is another scenario. Two seats, whatever the number
// of players: seat 0 is the lawmen, seat 1 the outlaws; a team's players only take turns at
// the table, which changes nothing in the game. Everything a seat sees and does is
// egocentric: the outlaws see the table turned by a half turn about its centre
// (x' = width − x, y' = height − y, angles + π, velocities negated), so both seats play up the
// table from their own edge and one network serves both; a half turn keeps left and right.
// Every scenario has the same spaces, so one network serves every id. Between flicks an
// Env's game holds no simulator: it borrows one from a pool shared by the Envs of one physics
// configuration, which does not change any outcome. Bots read the engine
// through [Env.Engine] (read-only; plan on [Game.Clone]) and translate with
// [Env.EncodeAction] and [Env.DecodeAction].
//
// # Action Space
//
// An [Action] is a discrete [ActionKind] with parameters. Each decision has a [Phase]:
//
//   - PhaseSelect: [ActSelect] a cowboy number of the current team, among the available
//     cowboys (the initiative cowboy is forced when a round opens).
//   - PhaseAct: up to two actions, in any order, the same one twice allowed, then the turn
//     ends by itself (or earlier with [ActEndTurn]): [ActMove] (velocity in cm/s, final facing
//     in radians), [ActShoot] (side, velocity; Rifle for the Winchester), [ActDuel],
//     [ActThrow] (dynamite), [ActTake], [ActDrop], [ActExchange], [ActDrink].
//   - PhaseReveal: after drawing a face-down token, [ActKeep] (with a slot if the inventory
//     is full) or [ActLeave].
//   - PhaseSecondShot: [ActShoot] flicks the second bullet of a two-pistol shot.
//
// [Game.Legal] lists the legal discrete choices with zero velocity and facing for the
// caller to fill in; a flick velocity is clipped to physics.Config.MaxSpeed after noise.
//
// The env games' native action has six discrete heads and three continuous dims, in the
// acting seat's frame:
//
//	kind    12 values: select, move, shoot, duel, throw, take, drop, exchange, keep, leave,
//	           drink, end-turn (value v is ActionKind v+1)
//	cowboy   5 values: a cowboy number − 1, own (select) or opposing (duel)
//	side     2 values: left, right (pistol shot, duel, throw)
//	rifle    2 values: pistols, Winchester (shot in the act phase)
//	token   33 values: a token id, its index in View.Tokens (take, exchange)
//	slot     2 values: an inventory slot (drop, exchange, drink; keep with a full inventory)
//	vx, vy   [−300, 300] cm/s: the flick (move, shoot, duel, throw, second shot), +y towards
//	         the opponent; the physics clips its length to 300 cm/s after execution noise
//	facing   [−π, π] rad: the cowboy's facing after a move
//
// A head the chosen kind does not use is ignored, whatever its value. The mask is factorised:
// the kinds of the legal actions and, per head, the values that the legal actions using the
// head take; a head no legal action uses allows 0 only. Values each allowed can still break a
// rule together (drinking from the slot that holds gold), which Validate refuses with the
// engine's reason. Continuous values within their bounds are always legal. Two decisions have
// a phase of their own, so a bot sees each before it chooses: the reveal (after taking a
// face-down token the action is spent; the next decision keeps the drawn token, naming a slot
// when the inventory is full, or leaves it face up; the "revealed" field shows its kind) and
// the second shot (a cowboy with two pistols and room on both sides shoots the chosen side;
// the other bullet waits and is flicked as the next decision, kind shoot, side and rifle
// ignored). DefaultAction: end the turn in the act phase, leave the revealed token, flick the
// second bullet at zero velocity, or choose the first available cowboy.
//
// With the option flick=aim (env.FlickAim) the dims are x, y, facing, push: "vx", "vy" give
// way to "x", "y" in [−0.1, 1.1], the target point where the flicked piece should stop, in
// the seat's frame divided by the table's width and height (the observation's coordinates),
// and a fourth dim "push" in [0, 1] adds speed beyond stopping there. The env flicks the
// piece from where the engine places it (the movement disc on the cowboy, or at the back of
// the floor when leaving a building; the bullet or the dynamite on its side spot or at the
// Winchester's tip; the waiting second bullet) towards the target at sqrt(2·μ·g·d), the
// speed that the table's friction brings to rest d cm away ([physics.Slide]; μ of the piece's
// kind), plus push times the speed left up to 300 cm/s: push 0 stops on the target on a free
// table before noise (a move within 0.01 cm), push 1 flicks at 300 cm/s. Env.EncodeAction
// inverts it: the point where the engine's flick stops and push 0 when that point lies
// within the bounds, else the point where the flick leaves them and the push beyond stopping
// there. Heads, mask and facing are unchanged.
//
// # Observation Space
//
// This package exposes the full state as [View] (JSON-ready; face-down tokens and water
// quality hidden) and [Game.State] (the physics table); the env games' JSON view is the View.
//
// The env games observe 884 float32s from the observer's seat, egocentric as above, the
// same layout for every scenario. Coordinates are divided by the table's width or height;
// "per cowboy" fields hold 10 values, the observer's cowboys 1-5 then the opponents' 1-5;
// token kinds are in the order gold, not-allowed, colt, winchester, water, dynamite,
// documents, hostage; buildings by kind: sheriff, bank, saloon, general-store, town-hall,
// undertaker. Both seats see the same table: face-down tokens and water quality stay hidden.
// The fields, in order (env.Spec.Obs names them; every value lies within the bounds given,
// [0, 1] unless said):
//
//	clock          2  hour / 12; 1 if the hour is blue (odd)
//	phase          5  one-hot: select, act, reveal, second-shot, over
//	to_move        1  1 if the observer's team decides now
//	actions_left   1  actions the played cowboy may still take / 2
//	moved          1  1 if the played cowboy has moved this turn (the hostage rule)
//	decisions      1  decisions taken / max_decisions
//	initiative    10  one-hot: the cowboy holding the initiative token
//	actor         10  one-hot: the cowboy being played
//	actor_slots   16  the played cowboy's slot 0 then slot 1: one-hot token kind
//	revealed       8  one-hot kind of the token just drawn (reveal phase)
//	present       10  per cowboy: the scenario fields it
//	alive         10  per cowboy: alive
//	x, y       10+10  per cowboy: position, 0 unless on the table (inside, dead, absent)
//	facing_sin    10  per cowboy: sine of the facing, in [−1, 1], 0 unless on the table
//	facing_cos    10  per cowboy: cosine of the facing, in [−1, 1], 0 unless on the table
//	fallen        10  per cowboy: knocked over (cannot be hit until played)
//	inside        60  per cowboy, one-hot: the building it is in
//	hp            10  per cowboy: hit points / 5, in [0, 7.6]
//	available     10  per cowboy: its hat shows the hour's colour
//	carried       80  per cowboy, per token kind: tokens carried / 2
//	neutral        8  the man, then the woman: present, x, y, fallen
//	building      42  per building kind: present, the door line's left end x, y and right
//	                  end x, y (in [−0.1, 1.1]: a pushed block may overhang), depth / 25 cm,
//	                  closed by a "not allowed" token
//	prop         180  per scenery slot, 18 (the gallows first, then the file's props in
//	                  order): on the table, one-hot kind (barrel, cactus, fence, tumbleweed,
//	                  gallows), x, y, sine and cosine of twice the angle (in [−1, 1]; a half
//	                  turn leaves the outline unchanged)
//	tokens_at     72  per location (the six building kinds, the gallows, the ground): face-up
//	                  tokens of each kind / the box's count of that kind, then face-down
//	                  tokens / 33
//	token        297  per token id 0-32 (the token head's values): one-hot kind, then face
//	                  down; all 0 for a token gone or an id the scenario lacks
//
// # Rewards
//
// None in the engine: [Game.Result] gives the winner or a draw, [Game.HitPointsByTeam] each team's
// hit points. The env games reward the outcome, once, at the end: +1 for the winning team's
// seat, −1 for the other, 0 each for a draw. Their optional shaping ([env.Shaper], weighed by
// env.Config.Shaping; option shaping=hp, the default) is, after every decision, the change of
// the seat's team hit points minus the opponents', divided by the larger team's most hit
// points (so wiping out a full-strength team without loss earns about +1); shaping=none
// gives 0.
//
// # Starting State
//
// The scenario's layout, cowboys, tokens, hats, start hour and initiative; [Game.ResetSeed]
// reseeds the random stream (flick noise and face-down draws). An env game draws that seed
// from the episode's generator ([Env.Reset]).
//
// Varied starts (option vary_start, [Options].Vary, [Variation]; off by default, and then
// every trajectory is the scenario's): by the episode's seed, each cowboy on the table starts
// at a spot drawn uniformly within start_jitter cm (default 5, at most 20) of its scenario
// spot, facing turned by up to start_turn degrees either way (default 30, at most 180), and
// the first initiative is drawn among the legal openers (a fair coin for the team, then one
// of its cowboys whose hat shows the start hour's colour, uniformly; start_initiative=scenario
// keeps the scenario's). A spot not wholly on
// the table, overlapping a piece (a building's floor or blocks, the gallows, a prop, a
// neutral figure, another cowboy) or covering a token on the ground is drawn again, up to 16
// times, after which the cowboy keeps its scenario spot. Cowboys inside buildings, tokens,
// hats and hit points are the scenario's. The same seed gives the same start; the flick noise
// and face-down draws of a seed are the same with or without the option (the variation draws
// from a stream of its own).
//
// # Episode End
//
// The game ends when a victory condition holds (checked after every action), when every
// cowboy of both teams is dead (a draw), or when the clock reaches 12:00 (the scenario's noon
// condition decides, else a draw). There is no truncation in the engine; an env game is
// truncated (no outcome reward) after max_decisions decisions. The rules end every game
// within about 550 decisions (at most 11 rounds of 10 cowboy turns of at most 5 decisions), so
// the default cap, 1000, is a safety net only.
//
// # Arguments
//
// [Options]: Players (2-10), Noise (flick execution noise), Seed, Vary (a varied opening,
// [Variation]), Physics (simulator configuration), Table (a substitute for the simulator).
// The env games' options ([env.Options], all optional):
//
//	angle_sd       flick direction noise, rad, ≥ 0 (default 0.026)
//	power_sd       flick speed noise, relative, ≥ 0 (default 0.06)
//	max_decisions  decisions before truncation, ≥ 1 (default 1000)
//	players        players at the table, 2-10 (default 2): who takes turns, not the seats
//	shaping        hp (default) or none: the shaping reward above
//	record         true to keep each flick's trajectory for replays (package replay; false
//	               by default): the same game, slower, with Env.Tracer for a replay.Recorder
//	vary_start     true to vary the opening by the episode's seed (false by default; see
//	               "# Starting State"): cowboys jittered, the first initiative drawn
//	start_jitter   with vary_start: the largest distance of a cowboy's start from its
//	               scenario spot, cm, 0-20 (default 5); ignored without vary_start
//	start_turn     with vary_start: the largest turn of a starting facing either way,
//	               degrees, 0-180 (default 30); ignored without vary_start
//	start_initiative  with vary_start: drawn (default: the first initiative drawn among
//	               the legal openers) or scenario (the scenario's); ignored without vary_start
//	flick          velocity (default: dims vx, vy, facing) or aim (dims x, y, facing, push:
//	               the target point and the speed beyond stopping; see "# Action Space")
//
// # Rules and where they are implemented
//
// Core rules of the rulebook:
//
//   - Teams: two teams, 2-10 players split as evenly as possible, lawmen taking the odd one
//     ([SplitPlayers]); players alternate between teams in numbering ([PlayerTeam]); each team
//     has its own turn order (turn.go: Game.next). Five numbered cowboys per team (a scenario
//     may field fewer) and the two neutral figures, scenery that stands back up when toppled.
//   - Rounds (turn.go): one round per clock hour from the scenario's start hour; even hours
//     are red and odd hours blue ([HourHat]). A cowboy is available when its hat shows the
//     hour's colour; it flips when its turn ends. A round ends when no cowboy is available,
//     and the clock moves on; at 12:00 the game ends ([Noon]).
//   - Who plays (turn.go): a round opens with the cowboy holding the initiative token,
//     played by the next player in its team's turn order. Then the teams alternate; each
//     player, in its team's order, picks any available cowboy of the team. A team with no
//     cowboy available is skipped (ours: the rulebook does not say), so the other plays again.
//     A team plays twice in a row across rounds when it ends a round and holds the initiative.
//     The initiative token passes to the shooter's cowboy when its holder dies (damage.go).
//   - Playing a cowboy (apply.go, turn.go): up to two actions in any order, the same twice
//     allowed, none allowed; then its hat flips. A fallen cowboy stands up when played
//     ("He will stand up the next time he is played"), inside a building too: a cowboy hit
//     in a duel is down until its team plays it, then can be called out and hit again.
//   - Move (move.go, walls.go): the movement disc replaces the cowboy and is flicked; touching
//     any piece or leaving the table fails the move and puts back everything the disc
//     displaced; success puts the cowboy where the disc stopped; either way the player picks
//     the facing. The physics has no walls: the rules judge the disc along its path, against
//     the buildings as they stood before the flick (walls.go). Entering a building: "The
//     cowboy succeeds in entering the building when any portion of the movement disc has
//     passed the line which designates that building's door": the disc's run ends the moment
//     any part of it passes the door line between the blocks from the street, however fast
//     it goes; touching the inner faces of its support blocks is allowed ("touching the
//     inside section of a support block with the movement disc is allowed"). The cowboy then
//     stands inside (off the physics table), "on one of the building's two support blocks":
//     a building holds at most [MaxInside] (2) cowboys, and entering a full one fails.
//     Passing over a building's floor anywhere else (from behind or the side) is running into
//     its wall: the move fails. Leaving: from the back of the building, "when the entirety of
//     the movement disc has passed the line" (the rulebook's first English edition and the
//     French one), without touching the floor's back or sides first. "If a building's
//     entrance becomes blocked by an object, that object may be moved to one side or the
//     other to permit entry": before the flick, each object (not a figure) lying in the
//     doorway of the door the move aims at (the cowboy's own building when leaving, else the
//     first door the flick's line crosses from in front) is slid along the door line to the
//     nearer side, clear of the doorway and the block, if it fits there on the table
//     overlapping nothing (else the other side; else it stays, and the disc may push it
//     without failing the move); it stays where it was put.
//   - Shoot (shoot.go): the bullet starts one bullet's width to the left or right of the
//     cowboy; a hit is a cowboy knocked over by the bullet's first contact (no ricochet);
//     other figures it topples stand back up; a fallen cowboy cannot be hit until it stands;
//     hitting a teammate counts; displaced scenery stays where it went. Two or more pistols:
//     two bullets, one per side, in one action, never three. "Shooting from inside a
//     building: the player places the bullet behind the building and aims it at the door
//     (between the 2 support blocks)": the bullet starts at the back and leaves through the
//     door only; one that meets the floor's back or sides first has hit a wall and stops there
//     (walls.go); grazing its own door's blocks is not a first contact. A cowboy inside a
//     building can be hit only in a duel.
//   - Hit points and death (damage.go): a hit costs one hit point; at zero the figure leaves
//     the table, its tokens go face up onto the Undertaker's support blocks, its hat stays in
//     play with its colour, and its team still spends a turn on it, with no actions.
//   - Inventory (inventory.go): two tokens besides hit points and initiative; taking a third
//     is an exchange, for one action; a face-down token is drawn at random from its pile,
//     revealed, and kept or left face up, the action spent either way. Take, drop and exchange
//     happen inside a building (or at the gallows, or outside with rule take-outside).
//   - End (victory.go): a victory condition, or 12:00.
//
// # Our rules
//
// The scenario booklet is not available to us; these rules are ours (version 2):
//
//   - Dynamite (dynamite.go): [ActThrow] flicks the red octagon from beside the cowboy; the
//     token is spent. Where it stops it explodes: every standing cowboy on the table within
//     [BlastRadius] (6 cm) of it loses one hit point and falls, whichever its team; cowboys
//     inside buildings are safe. A blast within BlastRadius of a door middle blows the door
//     open (removes the building's "not allowed" tokens). Off the table it is a dud.
//   - Winchester (shoot.go): a cowboy carrying one may shoot it ([Action].Rifle): one bullet
//     placed at the tip of the 6 cm barrel gauge laid in front of the cowboy (from inside a
//     building, in the middle of the door line, and out through the door only, like a
//     pistol's bullet: one flicked back into the building stops at its wall). Dynamite thrown
//     from inside likewise leaves by the door or explodes against the wall it meets.
//   - Water (inventory.go): [ActDrink] drinks a carried flask, anywhere: clean gives back one
//     hit point up to the cowboy's maximum, poisoned takes one and may kill. The flask's
//     quality stays secret until drunk.
//   - Hostage (legal.go): a cowboy carrying the hostage moves at most once per turn. The
//     hostage is otherwise a token, taken and dropped like any other.
//   - Duel (shoot.go, rule duels): [ActDuel] lets a cowboy standing within [DuelRange]
//     (25 cm) in front of a building's door call out an opposing cowboy inside: it steps into
//     the doorway facing the caller, who shoots one bullet; then, if alive, it goes back in.
//   - "Not allowed" (move.go): a building holding one is closed: a move that would enter it
//     fails. Cowboys inside may leave. It cannot be taken; a scenario may remove it at an
//     hour (until=H) and dynamite blows it away.
//   - Gallows (places.go): the gallows is a place for tokens, reached by a cowboy standing
//     within [Reach] (4 cm) of it, without entering.
//   - Take outside (places.go, rule take-outside): a cowboy on the table takes tokens on the
//     ground within Reach of its base and drops tokens where it stands.
//   - Decided against the rulebook (issue 18): a disc whose centre rests on the table,
//     overhanging the edge, has not "left the play area (e.g., falls off the table)": the move
//     succeeds and the cowboy stands there (the physics takes a piece off the table when its
//     centre leaves it). A cowboy that stands up (when played, or a figure stood back up after
//     a shot) faces as it did before it fell, not the way the fall laid it (the rulebook only
//     says it stands up). A bullet or dynamite is placed "to the left or right of his cowboy,
//     at the distance of one bullet": when the spot square to that side is taken or off the
//     table, it is the nearest free spot on the same side at the same distance, turned
//     towards the front first, then the back, by 10° steps up to 80°; only a side blocked all
//     round refuses the shot (or throw).
//   - Edge cases the rulebook leaves open: bullets and dynamite on the street pass under
//     buildings (only moves meet their walls); a figure or support block knocked off the table
//     is put back on its edge (and a disc leaving a building whose blocks were knocked about
//     starts on the table); a cowboy that dies during its own turn ends the turn (its hat
//     flips); a dead holder's initiative with no living shooter goes to the lowest-numbered
//     living opponent; tokens of the dead go out of the game when the town has no Undertaker;
//     two teams winning at once draw.
//
// # Scenario files
//
// A scenario is a regular UTF-8 text file (a leading byte order mark is skipped; control and
// format characters other than tabs are refused) of at most 256 KiB ([MaxFileBytes]) in lines of at
// most 1024 bytes ([MaxLineBytes]), one directive per line; '#' starts a comment line (and a
// trailing comment after " #", or right after the directive, on lines other than title and
// story). A line's words are separated by spaces or tabs and hold no quotes; each is read
// (a key=value pair or a positional argument shown below) or is an error. A number is
// written in decimal digits with an optional leading '-' and, but for whole numbers (hours,
// hit points, counts), an optional fraction: "-12.5" (no '+', exponent, hexadecimal,
// underscore or infinity); a cowboy is lawmen:1 to outlaws:5, one digit. Distances are in
// cm, angles in degrees counter-clockwise from +x; the table's origin is the lawmen's left
// corner. Directives:
//
//	scenario <name>                      required; lower-case, digits, '-'
//	version <N>                          optional (ours give it), a positive integer: the
//	                                     env id's version, bumped by every edit (# Versions);
//	                                     without it, RulesVersion
//	title <text>                         required
//	story <text>                         required, repeatable (joined with spaces)
//	table width=<cm> height=<cm>         optional, default 90 x 90
//	start hour=<1..11>                   required
//	initiative cowboy=<team:n>           required; its hat must match the start hour
//	rule take-outside | rule duels       optional, repeatable
//	building kind=<sheriff|bank|saloon|general-store|town-hall|undertaker>
//	         x= y= (door middle) facing=<deg, towards the street> door=<4..15> depth=<5..25>
//	gallows x= y= [angle=]
//	prop kind=<barrel|cactus|fence|tumbleweed> x= y= [angle=]
//	neutral name=<man|woman> x= y= [facing=]
//	cowboy id=<lawmen|outlaws:1..5> (x= y= [facing=] | in=<building>) hp=<n> [max=<n>]
//	       [hat=red|blue] [tokens=<kind>[,<kind>]]   (water:clean, water:poisoned)
//	token kind=<gold|not-allowed|colt|winchester|water|dynamite|documents|hostage>
//	      (in=<building|gallows> | x= y=) [face=up|down] [count=<n>]
//	      [quality=clean|poisoned] (water) [until=<hour>] (not-allowed)
//	victory last-team-standing | noon-hp | noon team=<t> | kill team=<t> target=<team:n>
//	        | tokens team=<t> kind=<kind> count=<n> in=<building|gallows>
//	tune <directive> [<key>=<value> ...] <key>=<min>..<max>[:<step>] | <key>=<a>|<b>|...
//	                                     optional, repeatable: a knob ([Knob], knob.go), one
//	                                     key of the one <directive> line the other pairs
//	                                     select, declared tunable over a range or choices;
//	                                     a selector value listed as a,b,... selects one
//	                                     line per value, all set together
//	tune turns=<min>..<max>[:<step>]     optional: the turn cap as a knob, in whole turns
//	                                     (decisions); a game reaching it is a draw
//
// Parsing is strict ([Parse], [ValidateFile]): an unknown directive or key, a bad value, a
// piece not wholly on the table or overlapping another (a building covers its blocks and its
// floor), more pieces or tokens of a kind than the box holds, more than [MaxInside] cowboys
// in one building, more than 38 hit points, a reference to an absent building or cowboy, or
// an impossible condition (more tokens to gather than exist, killing a teammate, an
// initiative cowboy unavailable in the first round, two noon conditions, a ground token
// without take-outside) is a [*ParseError] naming the file, the line and the field, with
// text from the file quoted. Problems are listed by line; one that follows from a refused
// line (a reference to a building or cowboy whose line has an error) names that line and
// comes right after its problem.
//
// # Scenarios
//
// Our scenarios ([List], [Load]); together they use every token kind of the box:
//
//   - showdown (default, [DefaultScenario]): five against five on Main Street, one Colt
//     face up in the saloon.
//     Last team standing; at noon the team with more hit points wins.
//   - bank-job: six face-down gold sacks in the bank, closed by a "not allowed" token until
//     9:00; two outlaws carry dynamite to open it early; a Colt in the general store. Outlaws
//     win with two sacks in the saloon; lawmen win at noon; last team standing.
//   - pardon: the pardon (documents) lies in the town hall; lawmen win by dropping it at
//     the gallows; outlaws win at noon; a Winchester for each side; last team standing.
//   - hostage: outlaws:1 alone in the saloon, the hostage in the general store with a
//     wounded outlaws:2, three Colts in the sheriff's office, rule duels, bank and town hall
//     closed, from 4:00. Lawmen win by dropping the hostage in the sheriff's office or
//     killing outlaws:1; outlaws win at noon; last team standing. (Until the rebalance of
//     issue 18 the hostage shared the full saloon with outlaws:1, who took her at once: then
//     only his death, already a lawmen's win, could free her, and no game was won by
//     bringing her home.)
//   - dry-spell: four face-down flasks on the ground (two poisoned), rule take-outside, four
//     wounded cowboys a side from 7:00. Last team standing; noon hit points.
//   - gunsmith: three Colts and a Winchester face down in the general store, a Colt face
//     up in the saloon and one at the Undertaker's; two outlaws wear
//     red hats at a 7:00 (blue) start and join at 8:00, outlaws:3 waits in the saloon with 3
//     hit points. Last team standing; noon hit points.
//
// # Versions
//
// An env id ends in one integer version, as Gymnasium reads "-vN": the same id plays the same
// games, seed for seed. Two versions make it:
//
//   - Each scenario file declares its own, in a line "version N" (N a positive decimal
//     integer; ours write it after the scenario line, [Scenario].Version): the env id of
//     scenarios/gunsmith.scn is flickemup/gunsmith-vN. Any edit of a file of ours bumps its
//     version line, and only that scenario's id moves.
//   - [RulesVersion] is the engine's: the rules, the encodings, the rewards and the physics of
//     the table. A change of any of them bumps it and, as it changes every scenario, the
//     version line of every scenario of ours, each by at least one.
//
// A file without a version line, a designer's, has RulesVersion ([Scenario.EnvVersion]): its
// id moves with the rules, and an edit of it changes its content digest, hence its
// tournaments. A designer who writes a version line takes it in charge, bumping it for an edit
// and for a rules change alike. The content digest ([Scenario].Digest, part of a tournament's
// identity with the id) is the SHA-256 of the file's bytes without the version line: the
// version is in the id already, and the line changes no play.
//
// TestVersions keeps the bumps: testdata/versions.golden records RulesVersion and, per
// scenario of ours, its version, its digest and the summary of one seeded game. A scenario
// whose file or game changed without a bump of its version line fails, saying which line to
// bump; so does a RulesVersion bump that leaves a scenario's version as it was; once the bumps
// are made, go test ./env/flickemup -run TestVersions -update records them. An edit of one
// scenario thus touches its .scn file, testdata/versions.golden and the generated
// python/flickarena/_catalogue.py (go run ./internal/catalogue/pycatalogue), which holds the ids.
// What each version changed is in the git history of the files.
package flickemup
