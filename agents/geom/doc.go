// Package geom is the table geometry that the Flick 'em Up! bots share on top of the rules'
// own (the pieces' outlines, physics.Outline; the doors, physics.Door.Frame; the buildings'
// footprints, flickemup.Footprint): the sweep of a disc across the table (line of sight for a
// bullet, a clear path for the movement disc), the flick speed that sends a piece a given
// distance or makes it arrive at a given speed, and where a game's cowboys, doors and gallows
// are among the physics pieces ([Layout]).
//
// Units are those of package physics: cm, cm/s, radians. Nothing here knows the rules beyond
// what a bot needs to aim; the rules stay in env/flickemup.
package geom
