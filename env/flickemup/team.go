package flickemup

import (
	"fmt"
	"strconv"
	"strings"
)

// Team is one of the two sides. Its value indexes per-team arrays such as [Game.HitPointsByTeam].
type Team int8

// The teams. NoTeam marks "nobody", as the winner of a drawn game.
const (
	NoTeam  Team = -1
	Lawmen  Team = 0
	Outlaws Team = 1
)

// Other returns the opposing team.
func (t Team) Other() Team { return 1 - t }

// Valid reports whether t is Lawmen or Outlaws.
func (t Team) Valid() bool { return t == Lawmen || t == Outlaws }

// String returns "lawmen", "outlaws" or "none".
func (t Team) String() string {
	switch t {
	case Lawmen:
		return "lawmen"
	case Outlaws:
		return "outlaws"
	}
	return "none"
}

// ParseTeam returns the team named s ("lawmen" or "outlaws").
func ParseTeam(s string) (Team, error) {
	switch s {
	case "lawmen":
		return Lawmen, nil
	case "outlaws":
		return Outlaws, nil
	}
	return NoTeam, fmt.Errorf("flickemup: unknown team %q (want lawmen or outlaws)", s)
}

// Hat is the colour shown by a cowboy's reversible hat, and the colour of a clock hour.
type Hat uint8

// Hat colours.
const (
	Red  Hat = 0
	Blue Hat = 1
)

// Flip returns the other side of the hat.
func (h Hat) Flip() Hat { return 1 - h }

// String returns "red" or "blue".
func (h Hat) String() string {
	if h == Blue {
		return "blue"
	}
	return "red"
}

// HourHat returns the colour of a clock hour: even hours (6, 8, 10, 12) are red, odd hours
// (7, 9, 11) blue, as on the Town Hall clock where 6:00 is red and 7:00 blue.
func HourHat(hour int) Hat {
	if hour%2 == 0 {
		return Red
	}
	return Blue
}

// Noon is the hour at which the game ends: when the clock reaches 12:00 no round is played.
const Noon = 12

// MaxCowboys is the number of numbered cowboys of a team (hats 1 to 5).
const MaxCowboys = 5

// CowboyID names a cowboy: its team and the number (1 to 5) on its hat.
type CowboyID struct {
	Team   Team
	Number int
}

// Valid reports whether id names one of the ten cowboys.
func (id CowboyID) Valid() bool {
	return id.Team.Valid() && id.Number >= 1 && id.Number <= MaxCowboys
}

// String returns the form used in scenario files, "lawmen:1".
func (id CowboyID) String() string { return id.Team.String() + ":" + strconv.Itoa(id.Number) }

// index returns a dense index 0..9 (lawmen 0-4, outlaws 5-9).
func (id CowboyID) index() int { return int(id.Team)*MaxCowboys + id.Number - 1 }

// cowboyID is the inverse of CowboyID.index.
func cowboyID(i int) CowboyID { return CowboyID{Team: Team(i / MaxCowboys), Number: i%MaxCowboys + 1} }

// ParseCowboyID parses "lawmen:1" or "outlaws:5".
func ParseCowboyID(s string) (CowboyID, error) {
	t, n, ok := strings.Cut(s, ":")
	if !ok {
		return CowboyID{}, fmt.Errorf("flickemup: cowboy %q: want team:number, as lawmen:1", s)
	}
	team, err := ParseTeam(t)
	if err != nil {
		return CowboyID{}, err
	}
	// One digit: "lawmen:01" and "lawmen:+1" are refused, so that a cowboy has one name.
	num := 0
	if len(n) == 1 && n[0] >= '0' && n[0] <= '9' {
		num = int(n[0] - '0')
	}
	if num < 1 || num > MaxCowboys {
		return CowboyID{}, fmt.Errorf("flickemup: cowboy %q: number must be 1 to %d", s, MaxCowboys)
	}
	return CowboyID{Team: team, Number: num}, nil
}

// SplitPlayers returns how many of n players play for each team: as evenly as possible, the
// lawmen taking the extra player of an odd count (5 players: 3 lawmen, 2 outlaws).
func SplitPlayers(n int) [2]int { return [2]int{(n + 1) / 2, n / 2} }

// PlayerTeam returns the team of player p and its place in that team's turn order (0 first).
// Players alternate between teams: 0 is the first lawman, 1 the first outlaw, 2 the second
// lawman, and so on, which matches [SplitPlayers].
func PlayerTeam(p int) (Team, int) { return Team(p % 2), p / 2 }

// teamPlayer is the inverse of PlayerTeam.
func teamPlayer(t Team, k int) int { return 2*k + int(t) }
