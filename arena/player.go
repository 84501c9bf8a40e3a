package arena

// Player is a bot as the arena sees it: a name and a version. The arena never
// calls a bot itself; it hands Players to the [Referee], which knows how to
// ask them for actions. The wiring in cmd/arena adapts built-in and remote
// bots to whatever the Referee needs.
type Player interface {
	// Name identifies the bot within a tournament, e.g. "planner". It must
	// be non-empty, unique among the tournament's bots and stable across
	// runs: it is part of every game key.
	Name() string
	// Version identifies the bot's code or model, e.g. "1.3.0+9f2c1ab". It
	// must be stable across runs of the same build: the tournament identity
	// (and so resuming) depends on it. It must be cheap; it is called when a
	// schedule is planned and again when each game is recorded.
	Version() string
}

// BotInfo is the recorded identity of a [Player].
type BotInfo struct {
	// Name is [Player.Name].
	Name string `json:"name"`
	// Version is [Player.Version].
	Version string `json:"version"`
}

// botInfo snapshots p.
func botInfo(p Player) BotInfo { return BotInfo{Name: p.Name(), Version: p.Version()} }

// botInfos snapshots ps.
func botInfos(ps []Player) []BotInfo {
	out := make([]BotInfo, len(ps))
	for i, p := range ps {
		out[i] = botInfo(p)
	}
	return out
}
