package tune

import "testing"

// TestKnobValue: a value's variant id reads back as the value, a choice as its slug.
func TestKnobValue(t *testing.T) {
	if got, want := VariantID("flickemup/file/my-town-v9", "start.hour", "7"), "flickemup/file/my-town/start-hour-7-v9"; got != want {
		t.Errorf("VariantID = %q, want %q", got, want)
	}
	for _, c := range []struct{ id, knob, want string }{
		{VariantID("flickemup/file/my-town-v9", "start.hour", "7"), "start.hour", "7"},
		{VariantID("flickemup/file/my-town-v9", "cowboy.x[id=outlaws:1]", "-2.5"), "cowboy.x[id=outlaws:1]", "-2.5"},
		{VariantID("flickemup/file/my-town-v9", "initiative.cowboy", "lawmen:1"), "initiative.cowboy", "lawmen-1"},
		{VariantID("flickemup/file/my-town-v9", "turns", "120"), "turns", "120"},
	} {
		if got := KnobValue(c.id, c.knob); got != c.want {
			t.Errorf("KnobValue(%q, %q) = %q, want %q", c.id, c.knob, got, c.want)
		}
	}
}
