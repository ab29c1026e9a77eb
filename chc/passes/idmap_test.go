package passes

import (
	"strconv"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestPropIDMap: an idMap holds what a map of the same operations holds
// (Set, the zero value among the values, Clear), across its growth.
func TestPropIDMap(t *testing.T) {
	st := term.NewStore()
	var ts []*term.Term
	for i := range 200 {
		ts = append(ts, st.Const("x"+strconv.Itoa(i), term.IntSort))
	}
	rapid.Check(t, func(t *rapid.T) {
		var m idMap[int32]
		want := map[*term.Term]int32{}
		n := rapid.IntRange(0, 400).Draw(t, "ops")
		for range n {
			x := rapid.SampledFrom(ts).Draw(t, "x")
			switch rapid.IntRange(0, 20).Draw(t, "op") {
			case 0:
				m.Clear()
				clear(want)
			case 1, 2, 3:
				if got := m.Get(x); got != want[x] {
					t.Fatalf("Get(%v) = %d, want %d", x, got, want[x])
				}
			default:
				v := int32(rapid.IntRange(0, 3).Draw(t, "v"))
				m.Set(x, v)
				want[x] = v
			}
		}
		for _, x := range ts {
			if got := m.Get(x); got != want[x] {
				t.Fatalf("Get(%v) = %d, want %d", x, got, want[x])
			}
		}
	})
}
