// Package fliprando is Flip' Rando (Erwann Dupont-Romano, v1.0.0, 2022), a
// discrete free-for-all for 2 to 5 players with hidden cards: hikers
// bounce along the paths of a hexagonal board off obstacle tokens, players
// score points and obstacle tracks, play action tiles with multipliers and
// cards, over 15 rounds of weather.
//
// The description below is our reading of the French rulebook, completed
// from the designer's public files; where the rulebook is silent or
// ambiguous, "Our rulings" says what we chose (A1–A28). The package has two
// layers, by the project's engine convention: [Game] is the rules engine
// (pure rules, no RL concepts: New, Current, Over, Legal, Check, Apply, Clone, Scores, Validate,
// EncodeAction, DecodeAction), with [Game.Determinize] to resample what
// one seat cannot see, for search; [Env] adapts it to [env.Game] as
// "fliprando-v1".
//
// # Description
//
// Components. A movement grid of 169 vertices: the hexagon of radius 7 of
// a triangular lattice, vertex (c, r) with ring max(|c|, |r|, |c+r|) ≤ 7,
// numbered by c then r; directions N (0,−1), NE (+1,−1), SE (+1,0),
// S (0,+1), SW (−1,+1), NW (−1,0). 18 token slots on three levels, one
// token of each colour (blue, grey, red, yellow, green, violet) per level,
// in random order: logs on ring 2 at (1,−2) (2,−1) (1,1) (−1,2) (−2,1)
// (−1,−1), log face up; trees on ring 4 at (0,−4) (4,−4) (4,0) (0,4)
// (−4,4) (−4,0), value face "1" up; rocks on ring 6 at (3,−6) (6,−3) (3,3)
// (−3,6) (−6,3) (−3,−3), rock face up. Value faces: tree 1, rock 2, log 3.
// Token vertices are never entered (151 walkable vertices). Six hikers,
// one per colour, start in random order on the ring-1 vertices. A weather
// track of 20 slots, L x x x x T | L x x x T | L x x T | L x T | L T
// (L Lightning, T Thunder printed; the 10 x slots get 10 of the 15 weather
// tokens, 5 Sun, 5 Wind, 5 Rain, in the order drawn). Three obstacle
// markers (tree, log, rock) shuffled onto the marker slots ×0, ×1, ×2.
// 66 cards: each back shows a hiker colour (11 per colour);
// each front a centre effect (36 action cards, one of each action per
// colour; 12 obstacle cards; 18 point cards: 2 × +10, 6 × +5, 10 × +1)
// and a TOP or BOTTOM half-icon (33 each); card id 0–65 sorts by back
// colour, then effect (move, swap, dec, inc, draw, joker, tree, log, rock,
// +10, +5, +1), then TOP first. Each player has a score track, three
// obstacle tracks (0–20), five multipliers (MOVE 1–3, SWAP 1–2, DEC 1–3,
// INC 1–3, DRAW 1–3; JOKER has none) and six action tiles (MOVE, SWAP,
// DEC, INC, DRAW, JOKER), each ACTIVE, BLOCKED or REMOVED.
//
// Set-up. Weather, markers, tokens and hikers are placed at random; each
// player is dealt 3 cards; the rest form the draw pile, backs up: the top
// card's back colour is public and names the next hiker to move. Scores
// and tracks 0, multipliers 1. The counter starts on slot 1, a Lightning,
// whose effect is the set-up: each player, in turn order from the first
// player, chooses one tile to block (the others are active).
//
// Rounds. 15 rounds; in each, every player takes a turn, from the first
// player and then to the left (seat + 1 mod N); then the end of round.
//
// A turn. Phase 1 (optional): block two active tiles, then reactivate
// one blocked tile; available with at least 2 active and 1 blocked tile.
// Phase 2 (mandatory): block an active tile and perform its action with
// its multiplier (JOKER: once); then every other player, in turn order
// from the active player's left, toggles their own tile of that action
// (automatically) and one other tile of their choice. Phase 3 (optional):
// play one card from hand to the played area and apply its centre effect:
// an action with the player's multiplier (JOKER: as the JOKER), +1 on an
// obstacle track (never doubled), or +1/+5/+10 points. Cards never flip
// tiles nor cause toggles.
//
// Actions. A multiplier m performs the action's unit m times. MOVE: one
// unit is an activation of exactly 3 legs of the hiker named by the pile's
// top card. A leg slides the mover along a chosen direction until the next
// vertex is off the board, a token or a hiker; it stops on the last free
// vertex (possibly where it started). Edge: no reward, the same hiker
// takes the next leg. A token showing its value: the active player scores
// it and the token flips; a token showing its obstacle: the active
// player's track of that kind +1 and the token flips; the same hiker
// continues. A hiker: the struck hiker takes the next leg. A token of the
// hitting hiker's colour doubles the reward. After a token or the edge the
// next leg may not repeat the direction; a struck hiker may not set off
// back at its striker. After the third leg the top card of the draw pile
// is discarded. SWAP: exchange two of the three markers. DEC: lower
// another player's multiplier that is at least 2 by 1. INC: raise one of
// your multipliers below its limit by 1. DRAW: draw m cards, then discard
// down to 3. JOKER: one unit of MOVE, SWAP, DEC, INC or DRAW, whatever the
// multipliers and tiles.
//
// End of round. The counter moves one slot and its effect applies to
// every player, in turn order from the first player: Sun, nothing; Wind,
// give a card to the left neighbour or lose 3 points (no card: lose 3),
// gifts at once, then hands over 3 cards are discarded down to 3; Rain,
// lower one of your multipliers that is at least 2, or lose 3 points (all
// at 1: lose 3); Thunder, remove one of your tiles for good; Lightning,
// all your remaining tiles become active except one you block.
//
// End and scoring. The game ends when the counter reaches slot 20, after
// round 15. Final score: the score track; plus, per obstacle kind, the
// track's counter × the value (0, 1, 2) of the marker slot holding that
// kind's marker; plus card points: pairs = min(TOP, BOTTOM played cards),
// scored 0, 1, 3, 5, 10, 15, 20 for 0 to 6+ pairs (not cumulative). The
// highest total wins; ties are shared.
//
// Our rulings (points the rulebook leaves open; the Config switch of an
// alternative where another reading is as plausible; see also
// docs/decisions/fliprando-rulings-as-options.md):
//
//   - A1/A2 Geometry from the designer's board file; hikers stand on
//     vertices; start vertices are ring 1, colours in random order.
//   - A3 Values: tree 1, rock 2, log 3.
//   - A4 Each MOVE unit is one activation of exactly 3 legs; the
//     multiplier counts activations. Alternative Config.MoveLegs
//     (option move_legs): the multiplier is the number of legs of one
//     activation; a JOKER or a MOVE card at multiplier 1 is then 1 leg.
//   - A5 After a bounce the player chooses among the other 5 directions
//     (reversing allowed); zero-length legs are allowed, so a token can be
//     hit twice in one activation.
//   - A6 A struck hiker's direction is chosen, except straight back at
//     the striker.
//   - A7 The hitting hiker's colour doubles, not the card's.
//   - A8 The active player gets every reward; hiker–hiker hits give
//     nothing.
//   - A9 Toggles after a tile: each other player toggles their tile of
//     that action and exactly one other tile; both are mandatory.
//   - A10 The tile reactivated in Phase 1 must have been blocked before
//     the phase. Alternative Config.LiteralPhase1 (option
//     literal_phase1): it may be one of the two just blocked.
//   - A11 With no active tile, Phase 2 is skipped: no action, no toggles;
//     Phase 3 still follows.
//   - A12 Each Lightning is applied right after its Thunder in the same
//     end of round, so the game lasts 15 rounds, each player holding 6,
//     5, 4, 3 then 2 tiles; the counter reaching slot 20 (the last Thunder)
//     ends the game without applying it. Alternative Config.SlotPerRound
//     (option slot_per_round): one slot per end of round, 19 rounds.
//   - A13 Weather tokens are placed face up. Alternative
//     Config.HiddenWeather (option hidden_weather): an observation shows a
//     token only once the counter has reached it.
//   - A14 A player who cannot give a card (Wind) or lower a multiplier
//     (Rain) must lose 3 points; scores stop at 0. Alternative
//     Config.NegativeScores (option negative_scores): they may go below 0.
//   - A15 Wind gifts happen at once; then hands over 3 are discarded down
//     to 3, in turn order from the first player.
//   - A16 End-of-round decisions are taken in turn order from the first
//     player.
//   - A17 The discard pile is public. Whenever the draw pile is
//     empty and the discard pile is not, the discard pile is at once
//     shuffled into a new draw pile. With both empty, a draw or a MOVE
//     unit is lost.
//   - A18 Multiplier limits: SWAP at most 2, the others at most 3; none
//     below 1.
//   - A19 A unit with no legal target (DEC, INC) is lost; otherwise units
//     are mandatory.
//   - A20 An action card performs the printed action with the player's
//     multiplier, without tile effects. A card may be played even if its
//     effect cannot apply.
//   - A21 Obstacle tracks stop at 20.
//   - A22 A pair is one TOP-half and one BOTTOM-half played card.
//   - A23 Ties are shared.
//   - A24 Each player chooses their starting blocked tile.
//   - A25 Card fronts in hand are private; their backs, the discard pile,
//     the played cards and the pile's top back are public.
//   - A26 The first player starts every round (Config.FirstPlayer, option
//     first: a seat, or −1 to draw it at the deal; default seat 0).
//   - A27 A JOKER may perform a blocked or removed action but not JOKER;
//     after a JOKER tile the others toggle their JOKER tile.
//   - A28 A removed tile keeps its multiplier, and its action stays
//     available through cards and the JOKER; when the toggled action's
//     tile is removed, the player toggles only the tile of their choice.
//   - The rulebook has no round counter among its components: we use one.
//
// # Action Space
//
// Discrete(112), one head "action", the same for every player count.
// Compound choices are split into atomic decisions of 17 types
// ([Decision]); the acting seat may differ from the turn's player
// (toggles, end-of-round choices, discards). The index means:
//
//	0        pass / decline / lose 3 points      p1_first, play_card, wind, rain
//	1–6      tile t (move, swap, dec, inc, draw, joker)
//	                                             setup_block, p1_*, play_tile, toggle_other,
//	                                             thunder_remove, lightning_block
//	7–11     JOKER performs action k (move..draw) joker_choice
//	12–17    direction N, NE, SE, S, SW, NW     move_dir
//	18–22    own multiplier track k              inc_target, rain
//	23–42    track k of the seat r = 1..4 places after the decider: 23 + 5(r−1) + k
//	                                             dec_target
//	43–45    marker slots (×0,×1), (×0,×2), (×1,×2)  swap_pair
//	46–111   card id                             play_card, discard, wind
//
// The mask is the set of legal actions ([Game.Legal]); it is never empty
// while the game runs. Forced choices are still asked (a Phase 1 with only
// pass, a Rain with only "lose 3"). DefaultAction is the lowest legal
// index (pass where it is legal).
//
// # Observation Space
//
// 1853 float32s, egocentric: seats are ordered from the observer (seat
// index 0 is the observer, k the seat k places after it) and padded to 5.
// The observer's own hand is shown; other hands only by size and back
// colours; the draw pile only by its size and top back colour. Fields:
//
//	hikers     6×169  one-hot vertex per hiker colour
//	tokens     18×6 + 18  colour one-hot per slot, then 1 if the value face shows
//	markers    3×3    marker slot ×x holds kind k at 3x+k
//	weather    20×6   per slot one-hot: lightning, thunder, sun, wind, rain, hidden
//	counter    20     one-hot slot of the round counter
//	round      15     one-hot round (rounds past 15 under slot_per_round
//	                  show as 15; none during set-up)
//	pile       7 + 1  top back colour one-hot (7th: empty pile), size/66
//	cards      3×66   discard pile, own hand, all played cards (multi-hot)
//	seats      5×56   per seat: present, first player, turn's player,
//	                  score/100 (in [−1, 2]), 3 obstacle tracks/20,
//	                  5 multipliers one-hot 1..3, 6 tiles one-hot
//	                  active/blocked/removed, hand size one-hot 0..6, hand
//	                  back colours (count/3), played TOP/33, played
//	                  BOTTOM/33, current pair points/20
//	decision   58     decision type (17), mover colour (6 + none), legs
//	                  done 0..3, excluded direction (6 + none), units left
//	                  0..3, tile played this turn (6 + none), Phase 1
//	                  selected tiles (6), JOKER choice (5 + none)
//	to_act     5      one-hot: the seat that decides now (relative)
//
// These are 1848 values for the game's state plus to_act, which
// tells an observer other than the decider whose decision is pending.
//
// # Rewards
//
// At the end (Outcome), by final rank, ties shared: a seat's value is
// 1 − 2·r/(N−1), where r is the mean of the 0-based rank positions its
// tied group spans (two players: +1 win, −1 loss, 0 tie). Option
// reward=win: 1/k to each of the k winners, 0 to the others; reward=margin:
// (own total − mean of the others' totals)/50, clipped to [−1, 1].
// Shaping ([env.Shaper], scaled by the Vector's Config.Shaping): each
// seat's change of total in the step (score track + projected obstacle
// and pair points), in points/50.
//
// # Starting State
//
// Dealt from the episode's generator by [Game.Reset] (weather, markers,
// tokens, hikers, cards, first player, in that order); the first decision
// is the first player's set-up block.
//
// # Episode End
//
// Terminated when the counter reaches slot 20: after 15 rounds (19 with
// slot_per_round), i.e. 15·N turns (19·N). Between random players a game takes
// 226, 383, 569 and 781 decisions on average at 2, 3, 4 and 5 players
// (go test -run XXX -bench EngineGame -benchtime 2000x ./env/fliprando).
// Never truncated by the game.
//
// # Arguments
//
//	players          2..5, default 2
//	first            first player's seat, or -1 to draw it; default 0
//	move_legs        bool, default false (ruling A4's alternative)
//	literal_phase1   bool, default false (ruling A10's alternative)
//	slot_per_round   bool, default false (ruling A12's alternative)
//	hidden_weather   bool, default false (ruling A13's alternative)
//	negative_scores  bool, default false (ruling A14's alternative)
//	reward           rank (default), win or margin
//
// [Env.OptionSpecs] declares them (a server lists them in ListGames) and
// the factory refuses any other key or value, naming the option.
//
// # JSON View
//
// MarshalJSON shows the whole state, hidden cards included (for logs and
// replays, never for a player): round, counter, weather, markers, hikers
// (vertex coordinates), tokens, pile (top first), discard, and per seat the
// score, tracks, multipliers, tiles, hand and played cards, totals, and
// the pending decision with its seat and legal actions, and once the game
// is over the winners (the seats of the highest total; more than one on a
// tie). [Env.Drawing] says how a viewer draws a replay from it.
//
// # Version History
//
//   - v1: first version.
package fliprando
