package flickemup

// Apply carries out action a for the current player. An illegal action returns an
// [*IllegalActionError] (matching [ErrIllegal]) and changes nothing. A failure of the
// physics table returns its error, with the table put back as it was and nothing else
// changed. After Apply the decision belongs to [Game.Current]; the game may be over.
func (g *Game) Apply(a Action) error {
	if err := g.Check(a); err != nil {
		return err
	}
	return g.apply(a)
}

// apply is Apply for an action known to be legal now (one [Game.Legal] listed, with finite
// continuous parameters): it skips the check.
func (g *Game) apply(a Action) error {
	var err error
	switch g.phase {
	case PhaseSelect:
		g.selectCowboy(CowboyID{Team: g.team, Number: a.Cowboy}.index())
		return nil
	case PhaseReveal:
		g.reveal(a)
	case PhaseSecondShot:
		err = g.secondShot(a)
	default:
		switch a.Kind {
		case ActEndTurn:
			g.endTurn()
			return nil
		case ActMove:
			err = g.move(a)
		case ActShoot:
			err = g.shoot(a)
		case ActDuel:
			err = g.duel(a)
		case ActThrow:
			err = g.throw(a)
		case ActTake:
			g.take(a)
		case ActExchange:
			g.exchange(a)
		case ActDrop:
			g.drop(a)
		case ActDrink:
			g.drink(a)
		}
	}
	if err != nil {
		return err
	}
	g.afterAction()
	return nil
}
