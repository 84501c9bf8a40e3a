package flickemupbot_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestRandom_LegalEverywhere runs Random through positions of every scenario.
func TestRandom_LegalEverywhere(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 500
	}
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		phases := map[flickemup.Phase]int{}
		err = flickemupbot.Positions(sc, 1, n, nil, 0, func(g *flickemup.Game) error {
			phases[g.Phase()]++
			return flickemupbot.Check(flickemupbot.Random{}, g, uint64(g.Turns()))
		})
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		if phases[flickemup.PhaseSelect] == 0 || phases[flickemup.PhaseAct] == 0 {
			t.Errorf("%s: positions cover phases %v", in.Name, phases)
		}
	}
}

// TestPlay checks a whole game between two Random bots: it ends, each team decided, and the
// same seed replays it.
func TestPlay(t *testing.T) {
	sc, err := flickemup.Load("showdown")
	if err != nil {
		t.Fatal(err)
	}
	o := flickemup.DefaultOptions()
	o.Seed = 4
	bots := [2]flickemupbot.Bot{flickemupbot.Random{}, flickemupbot.Random{}}
	m, err := flickemupbot.Play(sc, o, bots, 9)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Result.Over || m.Decisions[0] == 0 || m.Decisions[1] == 0 {
		t.Errorf("match %+v", m)
	}
	again, err := flickemupbot.Play(sc, o, bots, 9)
	if err != nil {
		t.Fatal(err)
	}
	if again != m {
		t.Errorf("same seeds, different games:\n%+v\n%+v", m, again)
	}
}

// badBot always ends the turn, which is illegal when a cowboy must be selected.
type badBot struct{}

func (badBot) Choose(*flickemup.Game, *rand.Rand) flickemup.Action {
	return flickemup.Action{Kind: flickemup.ActEndTurn}
}

// TestPlay_Illegal checks that Play reports an illegal action as ErrIllegal and Check
// catches it.
func TestPlay_Illegal(t *testing.T) {
	sc, err := flickemup.Load("showdown")
	if err != nil {
		t.Fatal(err)
	}
	_, err = flickemupbot.Play(sc, flickemup.DefaultOptions(), [2]flickemupbot.Bot{badBot{}, flickemupbot.Random{}}, 1)
	if !errors.Is(err, flickemupbot.ErrIllegal) {
		t.Errorf("Play with an illegal bot: %v, want ErrIllegal", err)
	}
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: flickemup.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	if err := flickemupbot.Check(badBot{}, g, 1); err == nil {
		t.Errorf("Check accepted ending the turn in the select phase")
	}
}
