package flickemup

import (
	"os"
	"strings"
	"testing"
)

// TestVariantReads: the check behind every variant catches an edit that does not set the
// knob's key as the parser reads the line (the old edit, which rewrote a key=... found in the
// line's trailing comment), naming the line; the edit Variant makes passes it.
func TestVariantReads(t *testing.T) {
	data, err := os.ReadFile("testdata/knob-in-comment.scn")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse("knob-in-comment.scn", data)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := sc.Knob("cowboy.max[id=lawmen:1]")
	commentEdited := []byte(strings.Replace(string(data), "# max=3 by default", "# max=5 by default", 1))
	errs := sc.variantReads(commentEdited, k, "5")
	if len(errs) != 1 || errs[0].Line != 10 || errs[0].Field != "cowboy.max" ||
		!strings.Contains(errs[0].Error(), "knob-in-comment.scn:10: cowboy.max: knob cowboy.max[id=lawmen:1]=5 (line 14): the variant does not read max=5 among this line's keys") {
		t.Errorf("the comment edited: %v, want line 10 refused", errs)
	}
	vs, err := sc.Variant(k, "5")
	if err != nil {
		t.Fatal(err)
	}
	if errs := sc.variantReads(vs.Source, k, "5"); len(errs) != 0 {
		t.Errorf("Variant's own edit: %v", errs)
	}
	// A line lost or gained is refused too.
	if errs := sc.variantReads([]byte(strings.Replace(string(vs.Source), "victory noon-hp\n", "", 1)), k, "5"); len(errs) != 2 || errs[0].Line != 13 || !strings.Contains(errs[1].Error(), ":14: tune: knob cowboy.max[id=lawmen:1]=5 (line 14): the variant does not read this line") {
		t.Errorf("a line lost: %v", errs)
	}
}
