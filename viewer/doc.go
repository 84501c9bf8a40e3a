// Package viewer is the replay viewer: a web page that draws a game of Flick 'em Up! from
// above, to scale, and plays it, with the server that shows it recorded games and the game
// being played.
//
// # The page
//
// One self-contained HTML page (style sheet and script inline, plain JavaScript and a
// canvas: no library, no CDN, no build step) reads the replay format of package replay. It
// draws the table to scale: buildings with their walls, doors and what lies inside (tokens,
// cowboys), the props, the cowboys with their team colour, hat colour, number, facing tick
// and hit points, fallen figures lying along their fall; during a flick, the moving pieces
// sampled every 1/60 s, the flick's arrow (the velocity given, solid, and the one asked,
// dashed: the difference is the execution noise; an arrow is the distance covered in 0.1 s),
// the trail, the contacts as bursts and the falls as red rings. Beside the table: the clock,
// whose turn it is, each team's cowboys, and the list of actions with their effects.
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
// [Handler] serves the page, the replay files of a directory under replays/, and the live
// game under live: a [Live] is the [replay.Sink] of a recorder and streams the game to every
// connected page as Server-Sent Events. `envserver --http ADDR` serves it, and a pool created
// with the watch option streams its env 0 to it. Training plays a game in seconds, faster than
// anyone watches one: a live page plays the current game to its end, then jumps to the newest
// game, skipping those in between.
//
// The replay files are streamed from their directory, opened as an [os.Root] so that a link
// leading out of it is not followed. When the server has a token, the viewer requires it:
// given once in the URL (?token=TOKEN), then kept in an HttpOnly, SameSite=Strict cookie.
//
// # Test hooks
//
// The page exposes window.flickViewer (ready, steps, step, animating, time, duration,
// playing, drawn, live, source; play, pause, next, prev, seek, setSpeed, fallAfter, load),
// which the browser tests drive; they run in headless Chromium (internal/browsertest).
package viewer
