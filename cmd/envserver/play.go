package main

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/cmd/internal/serving"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/viewer/play"
)

// playBots returns the bots a person may play against at /play: every built-in bot, by its
// catalogue name, and the remote bots of --opponent, by theirs (an AgentService the server
// dialled at start-up; each of its moves is one call, bounded by the play mode's bot
// timeout).
func playBots(remote map[string]*envrpc.AgentPolicy) []play.Bot {
	var bots []play.Bot
	for _, e := range builtin.Entries() {
		bot := e.New()
		bots = append(bots, play.Bot{Name: e.Name, Policy: bot, Help: e.Help, Plays: serving.Plays(bot)})
	}
	for name, p := range remote {
		bots = append(bots, play.Bot{Name: name, Policy: p, Help: "remote bot (--opponent)"})
	}
	return bots
}

// startPlay returns the play mode's server: the games of reg, the bots of playBots, the
// limits of the flags; the replays of its games are saved into dir (none if empty).
func (m *Main) startPlay(reg *env.Registry, remote map[string]*envrpc.AgentPolicy, log *slog.Logger) (*play.Server, error) {
	cfg := play.Config{
		Registry: reg,
		Bots:     playBots(remote),
		Limits:   play.Limits{MaxSessions: m.PlaySessions, IdleTimeout: m.PlayIdle, BotTimeout: m.OpponentTimeout},
		Log:      log,
	}
	if m.Replays != "" {
		dir := m.Replays
		cfg.Save = func(name string, r *replay.Replay) error { return replay.WriteFile(filepath.Join(dir, name), r) }
	}
	s, err := play.NewServer(cfg)
	if err != nil {
		return nil, fmt.Errorf("--http: play mode: %w", err)
	}
	return s, nil
}

// The defaults of the play mode's flags.
const (
	defaultPlaySessions = play.DefaultMaxSessions
	defaultPlayIdle     = play.DefaultIdleTimeout
	maxPlaySessions     = 1024
	maxPlayIdle         = 24 * time.Hour
)
