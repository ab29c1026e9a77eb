package num

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The small-value benchmarks must report 0 allocs/op: they are the hot
// paths of the simplex.

var (
	sinkInt Int
	sinkRat Rat
	sinkCmp int
)

func BenchmarkIntAdd(b *testing.B) {
	x, y := NewInt(123456789), NewInt(-987654321)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x = x.Add(y).Add(NewInt(int64(i & 7)))
	}
	sinkInt = x
}

func BenchmarkIntMul(b *testing.B) {
	x, y := NewInt(12345), NewInt(-67890)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkInt = x.Mul(y)
		x = NewInt(int64(i & 1023))
	}
}

func BenchmarkIntCmp(b *testing.B) {
	x, y := NewInt(12345), NewInt(-67890)
	b.ReportAllocs()
	c := 0
	for i := 0; i < b.N; i++ {
		c += x.Cmp(y)
	}
	sinkCmp = c
}

func BenchmarkRatAdd(b *testing.B) {
	xs := []Rat{NewRat(1, 3), NewRat(-5, 6), NewRat(7, 2), NewRat(22, 7), NewRat(-1, 12)}
	b.ReportAllocs()
	acc := Rat{}
	for i := 0; i < b.N; i++ {
		acc = xs[i%5].Add(xs[(i+1)%5])
	}
	sinkRat = acc
}

func BenchmarkRatAddInt(b *testing.B) {
	x, y := NewRat(3, 1), NewRat(-17, 1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkRat = x.Add(y)
	}
}

func BenchmarkRatMul(b *testing.B) {
	xs := []Rat{NewRat(1, 3), NewRat(-5, 6), NewRat(7, 2), NewRat(22, 7), NewRat(-1, 12)}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkRat = xs[i%5].Mul(xs[(i+1)%5])
	}
}

func BenchmarkRatCmp(b *testing.B) {
	xs := []Rat{NewRat(1, 3), NewRat(-5, 6), NewRat(7, 2), NewRat(22, 7), NewRat(-1, 12)}
	b.ReportAllocs()
	c := 0
	for i := 0; i < b.N; i++ {
		c += xs[i%5].Cmp(xs[(i+2)%5])
	}
	sinkCmp = c
}

func BenchmarkRatAddBig(b *testing.B) {
	x := MustParseRat("123456789012345678901234567890/7")
	y := MustParseRat("-98765432109876543210/11")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkRat = x.Add(y)
	}
}

func TestSmallOpsDoNotAllocate(t *testing.T) {
	a, b := NewRat(1, 3), NewRat(-5, 6)
	i, j := NewInt(7), NewInt(-9)
	n := testing.AllocsPerRun(100, func() {
		sinkRat = a.Add(b).Sub(b).Mul(a).Quo(b)
		sinkCmp = a.Cmp(b)
		sinkInt = i.Add(j).Sub(j).Mul(i).Div(j).Mod(j)
		sinkCmp += i.Cmp(j)
		sinkInt = a.Floor().Add(b.Ceil())
	})
	require.Equal(t, 0.0, n, "allocations on small values")
}

// BenchmarkRatAddMulBig is the simplex pivot's inner step a + c·b on
// fractions of 20–35 digits whose denominators share factors, the shape
// of the tableau rows of yices2's random QF_LRA files.
func BenchmarkRatAddMulBig(b *testing.B) {
	a := MustParseRat("-60782203455216785907401985/1869706955324712984473")
	c := MustParseRat("32508207502001869706955/1869706955324712984473")
	x := MustParseRat("1869706955000000000003/32508207502125")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkRat = a.Add(c.Mul(x))
	}
}
