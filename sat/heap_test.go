package sat

import (
	"cmp"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestQueueOrder checks the decision queue (heap and zero-activity bit
// set) against a sorted reference: whatever the bumps, rescales, pops and
// reinsertions, the popped variable is the queued one of highest
// activity, ties to the smaller index.
func TestQueueOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := New(Options{})
		n := rapid.IntRange(1, 200).Draw(t, "vars")
		for range n {
			s.NewVar()
		}
		queued := map[Var]bool{}
		for v := Var(1); int(v) <= n; v++ {
			queued[v] = true
		}
		ref := func() Var {
			best := VarNull
			for v := Var(1); int(v) <= n; v++ {
				if !queued[v] {
					continue
				}
				if best == VarNull || cmp.Or(-cmp.Compare(s.activity[v], s.activity[best]), cmp.Compare(v, best)) < 0 {
					best = v
				}
			}
			return best
		}
		steps := rapid.IntRange(1, 300).Draw(t, "steps")
		for range steps {
			v := Var(rapid.IntRange(1, n).Draw(t, "v"))
			switch rapid.IntRange(0, 3).Draw(t, "op") {
			case 0: // bump, now and then by a huge increment: a rescale, which
				// may underflow the activities of the unbumped ones to zero
				if rapid.IntRange(0, 20).Draw(t, "big") == 0 {
					s.varInc = 1e101
				}
				s.bumpVar(v)
				s.decayVars()
			case 1:
				if !s.queueEmpty() {
					want := ref()
					if got := s.queueTop(); got != want {
						t.Fatalf("top %d, want %d", got, want)
					}
					if got := s.queuePop(); got != want {
						t.Fatalf("popped %d, want %d", got, want)
					}
					queued[want] = false
				}
			case 2:
				if !s.queued(v) {
					s.heapInsert(v)
					queued[v] = true
				}
			case 3:
				if s.queued(v) != queued[v] {
					t.Fatalf("queued(%d) = %v", v, s.queued(v))
				}
			}
		}
		var got, want []Var
		for v := Var(1); int(v) <= n; v++ {
			if queued[v] {
				want = append(want, v)
			}
		}
		slices.SortFunc(want, func(a, b Var) int {
			return cmp.Or(-cmp.Compare(s.activity[a], s.activity[b]), cmp.Compare(a, b))
		})
		for !s.queueEmpty() {
			got = append(got, s.queuePop())
		}
		if !slices.Equal(got, want) {
			t.Fatalf("pop order %v, want %v", got, want)
		}
	})
}
