package replay_test

import (
	"encoding/json"
	"testing"

	"github.com/flickarena/flickarena/replay"
)

// normal re-encodes JSON so that equal values compare equal as text.
func normal(t *testing.T, s string) string {
	t.Helper()
	var v any
	d := json.NewDecoder(stringsReader(s))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("bad JSON %q: %v", s, err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDiff(t *testing.T) {
	tests := []struct {
		name, from, to string
		want           string // the patch; "" skips the check of its text
	}{
		{"Equal", `{"a":1,"b":[1,2]}`, `{"a":1,"b":[1,2]}`, `null`},
		{"ChangedKey", `{"a":1,"b":2}`, `{"a":1,"b":3}`, `{"b":3}`},
		{"RemovedKey", `{"a":1,"b":2}`, `{"a":1}`, `{"b":null}`},
		{"AddedObject", `{"a":1}`, `{"a":1,"o":{"x":1}}`, `{"o":{"=":{"x":1}}}`},
		{"ArrayElement", `{"p":[{"x":1},{"x":2},{"x":3}]}`, `{"p":[{"x":1},{"x":5},{"x":3}]}`, `{"p":{"1":{"x":5}}}`},
		{"ArrayLength", `{"p":[1,2]}`, `{"p":[1,2,3]}`, `{"p":[1,2,3]}`},
		{"ArrayToObject", `{"p":[1,2]}`, `{"p":{"0":7}}`, `{"p":{"=":{"0":7}}}`},
		{"ObjectToArray", `{"p":{"a":1}}`, `{"p":[1]}`, `{"p":[1]}`},
		{"ScalarArrayElement", `[1,2,3]`, `[1,9,3]`, `{"1":9}`},
		{"ExactNumbers", `{"x":0.30000000000000004}`, `{"x":0.3}`, `{"x":0.3}`},
		{"TypeChange", `{"x":"1"}`, `{"x":1}`, `{"x":1}`},
		{"BoolToFalse", `{"x":true}`, `{"x":false}`, `{"x":false}`},
		{"RootReplaced", `1`, `"a"`, `"a"`},
		{"RootObjectFromScalar", `1`, `{"a":1}`, `{"=":{"a":1}}`},
		{"Nested", `{"a":{"b":{"c":[1,{"d":2}]}}}`, `{"a":{"b":{"c":[1,{"d":3,"e":4}]}}}`, `{"a":{"b":{"c":{"1":{"d":3,"e":4}}}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := replay.Diff(json.RawMessage(tt.from), json.RawMessage(tt.to))
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != "" && normal(t, string(p)) != normal(t, tt.want) {
				t.Errorf("Diff = %s, want %s", p, tt.want)
			}
			got, err := replay.Patch(json.RawMessage(tt.from), p)
			if err != nil {
				t.Fatal(err)
			}
			if normal(t, string(got)) != normal(t, tt.to) {
				t.Errorf("Patch(from, Diff(from, to)) = %s, want %s", got, tt.to)
			}
		})
	}
}

func TestDiff_NullIsRemoval(t *testing.T) {
	// A null in the new view cannot be told from a removal: the key is dropped.
	p, err := replay.Diff(json.RawMessage(`{"a":1,"r":{"w":"x"}}`), json.RawMessage(`{"a":1,"r":null}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := replay.Patch(json.RawMessage(`{"a":1,"r":{"w":"x"}}`), p)
	if err != nil {
		t.Fatal(err)
	}
	if normal(t, string(got)) != `{"a":1}` {
		t.Errorf("got %s, want {\"a\":1}", got)
	}
}

func TestPatch_Errors(t *testing.T) {
	tests := []struct{ name, doc, patch string }{
		{"BadDoc", `{`, `{"a":1}`},
		{"BadPatch", `{}`, `{"a":`},
		{"IndexOutOfRange", `[1,2]`, `{"2":5}`},
		{"IndexNotANumber", `[1,2]`, `{"x":5}`},
		{"ObjectPatchOnScalar", `{"a":1}`, `{"a":{"b":1}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := replay.Patch(json.RawMessage(tt.doc), json.RawMessage(tt.patch)); err == nil {
				t.Errorf("Patch(%s, %s) = %s, want an error", tt.doc, tt.patch, got)
			}
		})
	}
}
