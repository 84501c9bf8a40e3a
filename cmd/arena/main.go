// Command arena is Flickarena's command line: it runs tournaments between bots, rates them,
// checks scenario balance and, while the tournament pieces are built, demonstrates the
// physics. Run `arena help` for the commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/flickarena/flickarena/internal/gctune"
)

// command is one subcommand of arena.
type command struct {
	// summary is the one-line description shown by `arena help`.
	summary string
	// run executes the command with its arguments (after the command name).
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commands returns every subcommand by name.
func commands() map[string]command {
	return map[string]command{
		"physics-demo": {"flick a bullet across the reference town and print what happened", runPhysicsDemo},
		"run":          {"play a tournament between bots and record it (resumable)", runRun},
		"ratings":      {"rate the recorded bots on one Elo scale, with intervals and LOS", runRatings},
		"add-replays":  {"enter games people played at envserver's /play into a tournament, from their replays", runAddReplays},
		"sprt":         {"test whether one bot is stronger than another (SPRT)", runSPRT},
		"balance":      {"say whether each scenario's seats are balanced, per seat, for any number of seats", runBalance},
		"export":       {"write the recorded games as CSV (any seats; PlackettLuce, choix) or PGN (two seats; Ordo, BayesElo)", runExport},
		"copy":         {"copy a results database into another (an SQLite file into PostgreSQL)", runCopy},
		"report":       {"write the HTML report: ratings, LOS and scenario balance, with plots", runReport},
		"scenarios":    {"list the playable scenarios and the Flick 'em Up! library", runScenarios},
		"validate":     {"check Flick 'em Up! scenario files and print every problem", runValidate},
		"tune":         {"find the balanced value of a scenario file's knob between bots, for one or more pairs", runTune},
	}
}

func main() {
	gctune.Default() // GOGC=400 unless the environment says otherwise
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errUsage):
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, errorLine(err))
		os.Exit(1)
	}
}

// errorLine is the line that reports a command's error: "arena: " and the
// error, each layer's context said once. The errors of package arena begin
// with its name, which the line begins with already: it is dropped where a
// layer of the command or of the package wrapped one ("run: arena: open
// store ...: arena: ..." reads "arena: run: open store ...: ...").
func errorLine(err error) string {
	msg := strings.TrimPrefix(err.Error(), "arena: ")
	msg = strings.ReplaceAll(msg, ": arena: ", ": ")
	return "arena: " + strings.ReplaceAll(msg, "\narena: ", "\n") // errors joined, one a line
}

// errUsage reports a command line that could not be understood; the usage was printed.
var errUsage = errors.New("usage")

// Main runs the arena command line args, writing results to stdout and diagnostics to stderr.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if c, ok := cmds[args[1]]; ok {
				return c.run(ctx, []string{"-h"}, stdout, stderr)
			}
		}
		usage(stdout, cmds)
		return nil
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "arena: unknown command %q\n\n", args[0])
		usage(stderr, cmds)
		return errUsage
	}
	return c.run(ctx, args[1:], stdout, stderr)
}

// usage prints the list of commands.
func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "Usage: arena <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-14s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'arena help <command>' for a command's flags.")
}

// newFlagSet returns a flag set for a subcommand that reports errors instead of exiting.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: arena %s [flags]\n\n%s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args with fs, mapping a bad command line to errUsage.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "arena %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return errUsage
	}
	return nil
}
