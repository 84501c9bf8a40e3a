// Package flickago is the rules engine of Flickago, a flicking game by Jeremiah Lee: two
// Chicago gangs flick their discs across the city to score in the other gang's half, while
// three neutral inspectors, pushed around by the discs, capture whatever they find in the
// "safe return to HQ" zones. The published rulebook (in French) is short and
// has no picture of the board; where it is silent or ambiguous the rule below says "ours".
//
// # The board (ours)
//
// [StandardBoard] is 48 cm × 72 cm, in board coordinates: cm, origin at the corner on
// White's left, X along White's edge, Y towards Black. It is symmetric under a half turn
// about its centre (24, 36), which exchanges the players. Discs and inspectors are 3 cm
// across ([KindGangDisc], [KindInspector]). Drawn with X right and Y up:
//
//	       x=0     8                              40      48
//	y=72   +-------+------------------------------+-------+
//	       |   3   |  Black HQ: T F T F T at y=67 |   3   |
//	y=62   |       +------------------------------+       |
//	       |   3                                          |
//	y=60   +----------------------------------------------+
//	       |   2                                 (W)      |  (W) White's return zone:
//	y=48   +----------------------------------------------+      circle (40, 54), r 4
//	       |   1                                          |
//	y=36   |=========*=============*=============*========|  centre line, 1 cm wide;
//	       |   1                                          |  stars at x = 10, 24, 38
//	y=24   +----------------------------------------------+
//	       |       (B)                                    |  (B) Black's return zone:
//	       |   2                                          |      circle (8, 18), r 4
//	y=12   +----------------------------------------------+
//	       |   3                                          |
//	y=10   |       +------------------------------+       |
//	       |   3   |  White HQ: T F T F T at y=5  |   3   |
//	y=0    +-------+------------------------------+-------+
//
// Half 0 (White's) is y < 36, half 1 (Black's) y > 36. The numbers are the scoring sectors
// of each half, worth points to the gang attacking that half: 1 next to the centre line
// (12 cm deep), 2 in the middle (12 cm), 3 at the back (the 12 cm band beside and in front
// of the headquarters, which score nothing themselves). The headquarters are 32 × 10 cm,
// centred on the back edges. White's start points, in order (the action's point index), are
// T (12, 5), F (18, 5), T (24, 5), F (30, 5), T (36, 5); Black's are their half turns,
// T (36, 67), F (30, 67), T (24, 67), F (18, 67), T (12, 67). Each gang's return zone lies
// at mid-depth of the opponent's half, on the gang's right flank. The physics table is the
// board with a 10 cm margin of table all around, so a disc can hang over the edge and stay
// in play; a piece that slides off that table is off the board.
//
// "Touching" a zone, a sector, the line or another piece always means overlapping it with
// positive area; "wholly off the board" means not touching the board.
//
// # Rules
//
// Two players, White (0) and Black (1), each with 7 killer discs T (ids 0 to 6) and
// 5 family discs F (ids 7 to 11), all in reserve at the start; the 3 inspectors stand on the
// stars. The first player is drawn at [Game.Reset] (or set by Config.FirstPlayer); turns
// alternate. On a turn the player:
//
//  1. may send back to the reserve one of their discs that touches their own return zone,
//     if no inspector touches that zone (ours: at most one disc per turn; the disc comes back
//     face up, so a flipped family disc can be played again);
//  2. flicks either one of their face-up family discs on the board, or a disc from the
//     reserve placed on a start point of its kind (F point for a family disc, T point for a
//     killer). Ours: the disc is put exactly on the point, which must be free (no piece on
//     the board overlaps it); a reserve disc whose points are all covered cannot be played.
//     A family disc is flicked at most twice per trip from the reserve: once from its point,
//     once more from where it lies, which turns it over for good (ours, the literal reading
//     of "used again, it is turned over"). A killer is flicked once, from the reserve.
//     Both players' first turns are thus from the reserve.
//
// When everything rests, in this order (ours: pieces rest apart: the table never leaves two
// pieces lying inside each other, beyond the 0.02 cm that [Game.SetState] tolerates; a disc
// that slides into another in the instant the table stops it is pushed back out before the
// turn ends):
//
//   - a gang disc wholly off the board is eliminated; one that still touches the board stays;
//   - a gang disc whose centre lies in the enemy headquarters is eliminated (ours: "in"
//     means the centre is in); a disc in its own headquarters is safe;
//   - an inspector wholly off the board is taken off, to be put back;
//   - an inspector touching a return zone captures (eliminates) every disc touching that zone,
//     of either gang (ours), and if it captured any it is taken off to be put back; one that
//     captured nothing stays in the zone and blocks returns from it.
//
// An inspector taken off is put back on a star point chosen by the player who did not flick
// (ours for captures too; one [ActPlace] per inspector, in inspector order). Ours: if a piece
// covers the chosen star, the inspector goes to the nearest free point of the centre line.
//
// Then the opponent of the player who flicked plays if they can flick anything; otherwise
// the same player plays again (ours); when neither can, the game is over ("when the players
// have no more discs to play"). A game also ends, truncated, after Config.MaxTurns flicks.
//
// # Scoring
//
// At the end, each disc on the board scores for its gang: 5 if it touches its own return
// zone, otherwise the best sector of the opponent's half that it touches (1 to 3), otherwise
// nothing (its own half scores nothing). When a disc overlaps two zones, the better counts.
// An inspector scores "in the same conditions" (ours: for the gang attacking the half it lies
// in, the best sector it touches), and not at all while it touches the centre line or a
// return zone. The higher total wins; equal totals are a draw. [Game.Points] gives the
// totals of any position.
//
// # Engine API
//
// [New] makes a game from a [Config]; [Game.Reset] starts an episode and keeps the rng that
// draws each flick's execution noise. [Game.Legal] lists the legal actions (discrete
// choices with a zero velocity: any finite velocity is legal); [Game.Check] checks one;
// [Game.Apply] plays it and stores a [Result]. An illegal action returns an *[ActionError]
// wrapping [ErrIllegal] and one reason ([ErrPhase], [ErrReturn], [ErrDisc], [ErrPoint],
// [ErrVelocity], [ErrStar], [ErrOver]) and changes nothing. [Game.Clone], [Game.Hash],
// [Game.State], [Game.SetState] and [Game.MarshalJSON] serve planners, tests and viewers.
// A Game is not safe for concurrent use; clones are independent.
//
// # The env game flickago-v3
//
// [Env] puts a Game behind the [env.Game] contract; [Register] adds it to an [env.Registry]
// as flickago-v3 ([Factory] builds it from options). Bots reach the engine through
// [Env.Engine] and translate engine actions with [Env.EncodeAction] and [Env.DecodeAction].
//
// # Description
//
// Two seats, White (0) and Black (1), alternate flicks as the rules above say; a seat with
// nothing to flick is skipped, and after an inspector is taken off the seat that did not
// flick acts once per inspector to put it back. Everything a seat sees and does is
// egocentric: coordinates are turned by a half turn for Black (x' = 48 - x, y' = 72 - y on
// the standard board, velocities negated), so both seats play "up the board" from their
// headquarters at the bottom, and one network serves both seats.
//
// # Action Space
//
// Three discrete heads and two continuous dims:
//
//   - "return" (13): 0 for no return, d+1 to send own disc d back to the reserve first;
//   - "source" (10): 0-4 a reserve disc on start point 0-4 (T, F, T, F, T, numbered from the
//     seat's left), 5-9 the face-up family disc 7-11 on the board;
//   - "star" (3): in the placement phase, the star for the waiting inspector, numbered from
//     the seat's left;
//   - "vx", "vy" in [-300, 300] cm/s: the flick, egocentric (+y towards the opponent); the
//     physics clips its length to 300 cm/s after execution noise.
//
// With the option flick=aim the two dims give way to three that say where the flick should
// stop (env.FlickAim; the heads are unchanged):
//
//   - "x", "y" in [-0.1, 1.1]: the target point, egocentric, in the observation's normalised
//     coordinates (x / board width, y / board length);
//   - "push" in [0, 1]: speed beyond stopping there.
//
// The env flicks the disc from its start (the start point for a reserve disc, its position
// for a family disc on the board) towards the target at the speed that the table's friction
// brings to rest there, sqrt(2·μ·g·d) for a target d cm away (μ·g = 0.30 × 981 cm/s²,
// [physics.Slide]), plus push times the speed left up to 300 cm/s: push 0 stops on the target
// (within 0.01 cm on an empty board, before execution noise), push 1 flicks at 300 cm/s, so
// that a knock is expressible. A target within 1e-4 cm of the start flicks nothing.
// [Env.EncodeAction] inverts it: the point where the engine's flick stops and push 0 when that
// point lies within the bounds, else the point where the flick leaves them and the push of
// the speed beyond stopping there.
//
// A head the phase does not use must be 0 (the mask allows only 0). The mask is factorised:
// a return and a source each allowed can still be illegal together (returning the family
// disc you flick; a start point that only a return makes usable, chosen without it);
// Validate says so.
// DefaultAction is the first legal action of [Game.Legal] with a zero velocity.
//
// # Observation Space
//
// 140 float32s from the observer's seat, in this order ("own" is the observer, "opp" the
// other gang; coordinates egocentric, divided by the board's width or length, in
// [-0.1, 1.1], 0 for a piece off the board):
//
//	phase          3  one-hot: flick, place an inspector, over
//	to_move        1  1 if the observer acts next
//	turn           1  flicks played / max_turns
//	score          2  observer's and opponent's points if the game ended now, / 69
//	reserve        4  observer's T / 7 and F / 5, then the opponent's
//	own_board     12  per disc id: 1 if on the board
//	own_out       12  per disc id: 1 if eliminated
//	own_flickable 12  per disc id: 1 for a face-up family disc on the board
//	own_x, own_y  12 each: disc centres
//	opp_*         60  the same five fields for the opponent
//	insp_board     3  per inspector: 1 if on the board (0 while waiting)
//	insp_x, insp_y 3 each: inspector centres
//
// # Rewards
//
// Sparse: at the end, +1 for the higher score, -1 for the lower, 0 each for a draw. The
// optional shaping ([env.Shaper], weighed by env.Config.Shaping) is each seat's change of
// its score margin (own points minus the opponent's, as if the game ended now) over the
// step, in tens of points.
//
// # Starting State
//
// Every disc in its reserve, the inspectors on their stars, the first player drawn from the
// episode's rng (or set by first_player). The rng also draws every flick's noise.
//
// # Episode End
//
// Terminated when neither seat can flick (reserves and usable family discs spent or
// blocked). Truncated after max_turns flicks, with no outcome: a game without returns lasts
// at most 34 flicks, so only endless returning reaches the cap.
//
// # Arguments
//
//	angle_sd      execution noise of the flick direction, rad, ≥ 0 (default 0.026)
//	power_sd      execution noise of the flick speed, relative, ≥ 0 (default 0.06)
//	first_player  -1 to draw at each reset (default), 0 or 1
//	max_turns     flicks before truncation, ≥ 1 (default 200)
//	flick         the flick's form in the action: velocity (default: dims vx, vy) or aim
//	              (dims x, y, push; see "# Action Space")
//
// # Version History
//
//   - v1: the rules, the standard board and the encodings above.
//   - v2: the table of issue 17 (package physics: friction around each Box2D step, pieces
//     entering the world when reached, longer steps far from everything); the rules, the
//     board and the encodings are those of v1, the trajectories differ.
//   - v3: the table's physics fixed (package physics): a disc that slid into another during
//     the step in which friction stopped it was put to sleep on the contact's stale flag and
//     rested inside it for good (random-play seed 1805); it now stays awake until Box2D has
//     pushed the two apart. Same rules, board and encodings; 6 of 2,000 random-play games end
//     differently (docs/decisions/physics-rest-and-sleep.md).
package flickago
