package flickemup_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

// longSelectorFile returns a scenario file of about size bytes whose second half is tune
// lines each selecting about 200 prop lines of the first half by a listed x: the shape that
// made the selector search quadratic (issue 35: 16.6 s of CPU for one 256 KiB file). The file
// does not parse (too many props); only the cost of finding its problems matters.
func longSelectorFile(size int) []byte {
	var b strings.Builder
	b.WriteString(town(""))
	props := 0
	for b.Len() < size/2 {
		fmt.Fprintf(&b, "prop x=%d\n", props)
		props++
	}
	for next := 0; b.Len() < size-flickemup.MaxLineBytes; {
		var line strings.Builder
		fmt.Fprintf(&line, "tune prop y=1..3 x=")
		for i := 0; line.Len() < flickemup.MaxLineBytes-10; i++ {
			if i > 0 {
				line.WriteByte(',')
			}
			fmt.Fprintf(&line, "%d", next%props)
			next++
		}
		b.WriteString(line.String())
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// BenchmarkParseLongSelector parses a file of the largest size made of long selector lists
// (see longSelectorFile).
func BenchmarkParseLongSelector(b *testing.B) {
	data := longSelectorFile(flickemup.MaxFileBytes)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := flickemup.Parse("long.scn", data); err == nil {
			b.Fatal("the long selector file parses")
		}
	}
}

// sharedValueFile returns a scenario file of about size bytes made of prop lines that all
// share x=1 and tune lines each listing x=1 first: every tune line asks again a selector
// that matches half the file.
func sharedValueFile(size int) []byte {
	var b strings.Builder
	b.WriteString(town(""))
	for i := 0; b.Len() < size-100; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&b, "prop x=1 y=%d\n", i)
		} else {
			fmt.Fprintf(&b, "tune prop x=1,%d y=1..2\n", i)
		}
	}
	return []byte(b.String())
}

// TestParse_SelectorCostLinear checks that the selectors of a file of the largest size
// examine in all fewer lines than the file has bytes, whether it is made of long lists
// (issue 35: each listed value examined every line of its directive, about 280 million
// lines for this file and 20 s of CPU) or of one selector that matches many lines asked
// again on every tune line. The measure is a count, not a time.
func TestParse_SelectorCostLinear(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"long lists", longSelectorFile(flickemup.MaxFileBytes)},
		{"a shared value", sharedValueFile(flickemup.MaxFileBytes)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, problems := flickemup.SelectorLinesExamined(tc.data)
			if problems == 0 {
				t.Error("the file parses, want problems")
			}
			if n > len(tc.data) {
				t.Errorf("the selectors examined %d lines for a file of %d bytes: want at most one line a byte", n, len(tc.data))
			}
		})
	}
}
