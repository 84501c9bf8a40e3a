package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/flickarena/flickarena/env/flickemup"
)

// runScenarios lists the playable scenarios and the Flick 'em Up! library.
func runScenarios(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("scenarios", `List the scenarios 'arena run --scenarios' can play, then the scenarios of the
Flick 'em Up! library with their stories.`, stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	reg, err := newRegistry()
	if err != nil {
		return fmt.Errorf("scenarios: %w", err)
	}
	cat := newCatalogue(reg)
	fmt.Fprintln(stdout, "Playable scenarios (arena run --scenarios NAME, or NAME:key=value[,key=value] with the game's")
	fmt.Fprintln(stdout, "options, e.g. race:players=3; 'go doc' of the game's package lists them):")
	for _, name := range cat.names() {
		_, setup, err := cat.resolve(name)
		if err != nil {
			return fmt.Errorf("scenarios: %w", err)
		}
		fmt.Fprintf(stdout, "  %-20s %s\n", name, setup.Game)
	}
	fmt.Fprintln(stdout, "\nFlick 'em Up! scenario library (check your own with 'arena validate FILE'):")
	for _, s := range flickemup.List() {
		fmt.Fprintf(stdout, "\n  %s: %s\n", s.Name, s.Title)
		for _, line := range wrap(s.Description, 72) {
			fmt.Fprintf(stdout, "    %s\n", line)
		}
	}
	return nil
}

// runValidate checks scenario files and prints every problem.
func runValidate(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("validate", `Check Flick 'em Up! scenario files: usage is 'arena validate FILE...'.
Every problem is printed as file:line: field: message; the command fails if
any file has one. A file must be a regular file of at most 256 KiB. The problems of a file
reached through a symbolic link that leads out of its directory quote none of its text.
Every value of every knob (tune line) is checked as 'arena tune' checks it: the file with
that value must pass the same rules, and each value must make a game of its own (up to 16
MiB of variants' text per file; the knobs beyond are named as not checked). The library's
own files are models ('arena scenarios').`, stderr)
	if err := fs.Parse(args); err != nil {
		return parseErr(err)
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "arena validate: no scenario file given")
		fs.Usage()
		return errUsage
	}
	bad := 0
	for _, path := range fs.Args() {
		sc, err := flickemup.ParseFile(path)
		var unchecked []string
		if err == nil {
			unchecked, err = knobProblems(sc)
		}
		if len(unchecked) > 0 {
			fmt.Fprintf(stdout, "%s: the values of %s not checked (more than %d MiB of variants to parse; 'arena tune --knob NAME' checks each): %s\n",
				path, plural(len(unchecked), "knob"), maxKnobCheckBytes>>20, strings.Join(unchecked, ", "))
		}
		if err == nil {
			fmt.Fprintf(stdout, "%s: ok, scenario %s (%s)\n", path, sc.Name, sc.Title)
			continue
		}
		bad++
		var errs flickemup.ParseErrors
		if !errors.As(err, &errs) {
			fmt.Fprintln(stdout, strings.TrimPrefix(err.Error(), "flickemup: "))
			continue
		}
		for _, e := range errs {
			fmt.Fprintln(stdout, strings.TrimPrefix(e.Error(), "flickemup: "))
		}
	}
	if bad > 0 {
		return fmt.Errorf("validate: %d of %d files have problems", bad, fs.NArg())
	}
	return nil
}

// maxKnobCheckBytes bounds the text validate parses to check one file's knobs, in bytes (the
// file's size times the values checked): 16 MiB, about 5,000 values of a 3 kB file, so that a
// file of thousands of knobs cannot keep validate busy for hours. A variable for the tests.
var maxKnobCheckBytes = 16 << 20

// knobProblems checks the values of the knobs of sc as 'arena tune' does before it plays
// (flickemup.Scenario.Variants): it returns the knobs it left unchecked, in file order, once
// checking them would parse more than maxKnobCheckBytes of text, and the problems of the
// values refused (a flickemup.ParseErrors), nil if none.
func knobProblems(sc *flickemup.Scenario) (unchecked []string, problems error) {
	var all flickemup.ParseErrors
	spent := 0
	for _, k := range sc.Knobs {
		if !k.TurnCap() { // the turn cap's values parse nothing
			cost := len(k.Values()) * len(sc.Source)
			if spent+cost > maxKnobCheckBytes {
				unchecked = append(unchecked, k.Name)
				continue
			}
			spent += cost
		}
		if _, err := sc.Variants(k); err != nil {
			var errs flickemup.ParseErrors
			if !errors.As(err, &errs) {
				return unchecked, err
			}
			all = append(all, errs...)
		}
	}
	if len(all) > 0 {
		return unchecked, all
	}
	return unchecked, nil
}

// wrap splits text into lines of at most width bytes, at spaces.
func wrap(text string, width int) []string {
	var (
		lines []string
		line  string
	)
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// parseErr maps an error of flag.FlagSet.Parse as parse does: help stays
// help, anything else is a usage error (the flag package printed it).
func parseErr(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	return errUsage
}
