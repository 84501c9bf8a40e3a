package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/flickarena/flickarena/arena"
)

// progressBar draws a running tournament's progress on stderr: on a
// terminal, one status line redrawn in place (with \r) a few times a
// second; elsewhere (a log file, a pipe, a test), a plain line every few
// seconds. The last snapshot is always drawn when the bar stops.
type progressBar struct {
	w     io.Writer
	tty   bool
	every time.Duration // minimum time between two drawings

	updates chan arena.Progress // the latest snapshot, capacity 1
	stop    chan struct{}
	done    chan struct{}
}

// startProgress starts drawing on w; stop it with [progressBar.Stop].
func startProgress(w io.Writer) *progressBar {
	p := &progressBar{w: w, tty: isTerminal(w), every: 10 * time.Second,
		updates: make(chan arena.Progress, 1), stop: make(chan struct{}), done: make(chan struct{})}
	if p.tty {
		p.every = 200 * time.Millisecond
	}
	go p.loop()
	return p
}

// Update hands a snapshot to the drawing goroutine without blocking: an
// older snapshot not yet drawn is replaced. It is the runner's
// RunnerConfig.Progress, which calls it from one goroutine at a time.
func (p *progressBar) Update(pr arena.Progress) {
	for {
		select {
		case p.updates <- pr:
			return
		default:
		}
		select {
		case <-p.updates: // drop the stale snapshot
		default:
		}
	}
}

// Stop draws the last snapshot, ends the line and stops the goroutine.
func (p *progressBar) Stop() {
	close(p.stop)
	<-p.done
}

// loop draws snapshots at most once per p.every, and the last one at Stop.
func (p *progressBar) loop() {
	defer close(p.done)
	var (
		last     arena.Progress
		have     bool // a snapshot arrived
		dirty    bool // it has not been drawn
		lastDraw time.Time
	)
	tick := time.NewTicker(min(p.every, time.Second))
	defer tick.Stop()
	draw := func() {
		if p.tty {
			fmt.Fprintf(p.w, "\r%s\x1b[K", arena.FormatProgress(last, 20))
		} else {
			fmt.Fprintln(p.w, arena.FormatProgress(last, 0))
		}
		dirty, lastDraw = false, time.Now()
	}
	for {
		select {
		case last = <-p.updates:
			have, dirty = true, true
			if lastDraw.IsZero() {
				draw() // show the start at once
			}
		case <-tick.C:
			if dirty && time.Since(lastDraw) >= p.every {
				draw()
			}
		case <-p.stop:
			select {
			case last = <-p.updates:
				have, dirty = true, true
			default:
			}
			if dirty {
				draw()
			}
			if have && p.tty {
				fmt.Fprintln(p.w)
			}
			return
		}
	}
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
