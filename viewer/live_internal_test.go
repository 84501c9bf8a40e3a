package viewer

import (
	"fmt"
	"testing"
)

// TestLive_SlowViewer checks that recording never waits: a viewer that does not read is
// dropped once it lags LiveBuffer lines behind, and the others keep receiving.
func TestLive_SlowViewer(t *testing.T) {
	l := NewLive()
	_, slow := l.subscribe()
	_, fast := l.subscribe()
	l.Line([]byte(`{"type":"header"}`))
	for i := range LiveBuffer + 5 {
		select {
		case <-fast.ch: // the fast viewer reads as the lines come
		default:
		}
		l.Line([]byte(fmt.Sprintf(`{"type":"step","i":%d}`, i)))
	}
	select {
	case <-slow.gone:
	default:
		t.Error("the slow viewer is still connected")
	}
	select {
	case <-fast.gone:
		t.Error("the fast viewer was dropped")
	default:
	}
	l.mu.Lock()
	n := len(l.subs)
	l.mu.Unlock()
	if n != 1 {
		t.Errorf("%d viewers connected, want 1", n)
	}
	l.unsubscribe(slow) // already gone: no double close
	l.unsubscribe(fast)
	l.Close()
	if past, s := l.subscribe(); s != nil || past != nil {
		t.Error("subscribe after Close succeeded")
	}
}
