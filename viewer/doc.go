// Package viewer is the replay viewer: a web page that draws a recorded game from above, to
// scale, and plays it, with the server that shows it recorded games and the game being
// played.
//
// # The page
//
// One self-contained HTML page (style sheet and script inline, plain JavaScript and a
// canvas: no library, no CDN, no build step) reads the replay format of package replay.
//
// Each game owns the description of how it is drawn ([draw.Drawing], written in the
// replay's header by a game that is a [replay.Drawer]): the area, the board's static features
// (zones, lines, labels), where its view lists its pieces and how each looks, and its seats.
// The page draws any described game from that and the view: Flickago's board with its
// sectors, headquarters, return zones, centre line and stars, both gangs' discs and the
// inspectors, and a panel with each seat's score and whose turn it is; pieces on the physics
// table move along their recorded trajectories during a flick. Flip' Rando (2 to 5 seats, a
// discrete game) is drawn the same way: the hexagonal board's 169 vertices and the paths
// between them, the 18 token slots, the hikers, the tokens with the face they show, the
// weather track with the round counter, the markers on ×0, ×1, ×2, and per seat its score,
// obstacle tracks, multipliers, tiles and total (pieces placed by lattices, written with a
// value of the view); a piece set marked glide slides each piece a step moves along the
// straight line from its place before to its place after, and marks that line (a hiker's leg,
// one step each, so an activation's bounce path plays out leg by leg), the lines of the
// gliding steps just before it staying marked, fainter (the bounce path so far). A description may name a style
// the page knows beyond it: "flickemup", which Flick 'em Up! names (a replay without a
// description is drawn the same way). In that style the page
// draws the table to scale: buildings with their walls, doors and what lies inside (tokens,
// cowboys), the props, the cowboys with their team colour, hat colour, number, facing tick
// and hit points, fallen figures lying along their fall; during a flick, the moving pieces
// sampled every 1/60 s, the flick's arrow (the velocity given, solid, and the one asked,
// dashed: the difference is the execution noise; an arrow is the distance covered in 0.1 s),
// the trail, the contacts as bursts and the falls as red rings. Beside the table: the clock,
// whose turn it is, each team's cowboys, and the list of actions with their effects.
// The page refuses a replay that replay.Read or replay.Verify would refuse, with a message
// naming the line and the field (see its Checker): steps out of order, numbers out of their
// type's range, piece indices beyond 4095, JSON nested deeper than 10,000 levels, a view patch
// that does not apply, a drawing description that is not valid; a corrupt gzip file is said to
// be one, and a file that inflates beyond 256 MiB is not read.
//
// Controls: play/pause (space), speed, step by action (arrow keys: a step animates the next
// action and stops on its result), and a timeline in which each action takes its flicks'
// simulated time plus a short hold.
//
// [Page] is the page alone (it opens ?replay=URL, or a file the user picks or drops);
// [Standalone] embeds replays in it (gzip and base64), a file to send to anyone; [Section]
// wraps that in an iframe for the arena's HTML report.
//
// # The server
//
// [Handler] serves the page, the replay files of a directory under replays/, the play mode
// under play/ (see Playing), and the live game under live: a [Live] is the [replay.Sink] of a recorder and streams the game to every
// connected page as Server-Sent Events. `envserver --http ADDR` serves it, and a pool created
// with the watch option streams its env 0 to it. Training plays a game in seconds, faster than
// anyone watches one: a live page plays the current game to its end, then jumps to the newest
// game, skipping those in between.
//
// The replay files are streamed from their directory, opened as an [os.Root] so that a link
// leading out of it is not followed; only regular files are opened (a named pipe named like a
// replay would block a request in open(2) for good). When the server has a token, the viewer
// requires it: given once in the URL (?token=TOKEN), then kept in an HttpOnly, SameSite=Strict
// cookie set by a landing page that replaces itself with the URL without the token. Without a
// token, a server on a loopback address sets [Config.LoopbackHosts], so that a page of another
// site cannot read the viewer by rebinding its DNS name to 127.0.0.1.
//
// # Playing
//
// With [Config].Play (package viewer/play), the server also serves the play mode at play/:
// the same page sets up a game (the game, the number of players where it varies, a person or
// a bot on each seat), then shows it as it shows a live game, from the replay records the
// server sends, and offers each person's turn. The server referees: the turn's legal actions
// are buttons (a Flip' Rando decision, a cowboy to play, a token to take, the end of a turn);
// a flick is chosen by its button or by pressing on its piece (ringed in green), and aimed by
// dragging from the piece: the arrow, drawn as the viewer draws flicks (the distance covered in
// 0.1 s), shows the direction and the speed, up to the game's fastest (a dashed circle), and
// the release sends it. A Flick 'em Up! move faces the way it goes, or the facing set beside
// the choices; a shot's side is its button. The server applies the flick with the game's
// execution noise, and the page animates it from the trajectory it gets back. A refused
// action is shown with the server's reason. At the end the page links to the game's replay,
// saved in the server's replay directory, in the viewer.
//
// # Test hooks
//
// The page exposes window.flickViewer (ready, steps, step, animating, time, duration,
// playing, drawn, live, source, style, drawnPieces, drawnList; play, pause, next, prev, seek,
// setSpeed, fallAfter, afterAction, glides, animOf, drawnTrail, load),
// which the browser tests drive, and in play mode window.flickPlay (on, id, turn, ready, busy,
// choice, over, note, replay, games, scale; at(x, y): the window position of a table point),
// by which they play whole games with mouse events; they run in headless Chromium
// (internal/browsertest).
package viewer
