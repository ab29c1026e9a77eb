package num

import (
	"github.com/stretchr/testify/require"
	"math"
	"math/big"
	"testing"
)

func R(s string) Rat { return MustParseRat(s) }

// checkRat asserts the value and the canonical representation.
func checkRat(t *testing.T, got Rat, want string) {
	t.Helper()
	w, ok := new(big.Rat).SetString(want)
	require.True(t, ok, want)
	require.Equal(t, w.RatString(), got.String())
	small := w.Num().IsInt64() && w.Denom().IsInt64()
	require.Equal(t, small, got.big == nil, "canonical form of %s", want)
	require.Equal(t, 0, got.Big().Cmp(w))
}

func TestRatZeroValue(t *testing.T) {
	var z Rat
	require.True(t, z.IsZero())
	require.True(t, z.IsInt())
	require.Equal(t, "0", z.String())
	require.True(t, z.Equal(NewRat(0, 5)))
	require.Equal(t, NewRat(0, -7).Hash(), z.Hash())
	require.True(t, z.Den().IsOne())
	require.Equal(t, 0, z.Add(NewRat(1, 2)).Cmp(NewRat(1, 2)))
	require.Equal(t, 0.0, z.Float64())
}

func TestNewRat(t *testing.T) {
	checkRat(t, NewRat(6, -4), "-3/2")
	checkRat(t, NewRat(0, -4), "0")
	checkRat(t, NewRat(math.MinInt64, -1), p63)
	checkRat(t, NewRat(1, math.MinInt64), "-1/"+p63)
	checkRat(t, NewRat(math.MinInt64, math.MinInt64), "1")
	checkRat(t, NewRat(2, math.MinInt64), "-1/4611686018427387904")
	checkRat(t, NewRat(math.MinInt64, 2), "-4611686018427387904")
	require.Panics(t, func() { NewRat(1, 0) })
}

func TestRatArith(t *testing.T) {
	tests := []struct {
		op, a, b, want string
	}{
		{"add", "1/2", "1/3", "5/6"},
		{"add", "1/6", "1/3", "1/2"},
		{"add", "1/4", "3/4", "1"},
		{"add", "1/4", "-1/4", "0"},
		{"add", "1/6", "-1/6", "0"},
		{"add", maxS, "1", p63},
		{"add", maxS, "1/2", "18446744073709551615/2"},
		{"add", p63, "-1", maxS},
		{"add", "1/" + maxS, "1/" + maxS, "2/" + maxS},
		{"add", "1/3037000499", "1/3037000493", "6074000992/9223372012704246007"},
		{"add", "1/4294967296", "1/4294967295", "8589934591/18446744069414584320"},
		{"add", maxS + "/2", maxS + "/2", maxS}, // overflowing sum, small result
		{"add", maxS + "/3", "-" + maxS + "/2", "-" + maxS + "/6"},
		{"add", "-" + maxS + "/3", "-" + maxS + "/2", "-46116860184273879035/6"},
		{"sub", minS + "/3", maxS + "/3", "-6148914691236517205"}, // (-2^64+1)/3
		{"sub", "1/2", "1/3", "1/6"},
		{"sub", "0", minS, p63},
		{"sub", minS, "1", "-9223372036854775809"},
		{"sub", "1/2", minS, "18446744073709551617/2"},
		{"sub", p63, "1", maxS},
		{"mul", "2/3", "3/4", "1/2"},
		{"mul", "-2/3", "3/2", "-1"},
		{"mul", "0", "1/" + p63, "0"},
		{"mul", minS, "-1", p63},
		{"mul", minS, "1/2", "-4611686018427387904"},
		{"mul", p63, "1/2", "4611686018427387904"}, // big * small -> small
		{"mul", "1/4294967296", "1/4294967296", "1/" + p64},
		{"mul", "4294967296/3", "4294967296/5", p64 + "/15"},
		{"quo", "1/2", "1/3", "3/2"},
		{"quo", "1/2", "-1/3", "-3/2"},
		{"quo", "1", minS, "-1/" + p63},
		{"quo", minS, "-1", p63},
		{"quo", "7", "7/" + p63, p63},
	}
	for _, tc := range tests {
		a, b := R(tc.a), R(tc.b)
		var got Rat
		switch tc.op {
		case "add":
			got = a.Add(b)
		case "sub":
			got = a.Sub(b)
		case "mul":
			got = a.Mul(b)
		case "quo":
			got = a.Quo(b)
		}
		t.Run(tc.op+"("+tc.a+","+tc.b+")", func(t *testing.T) { checkRat(t, got, tc.want) })
	}
}

func TestRatUnary(t *testing.T) {
	checkRat(t, R(minS).Neg(), p63)
	checkRat(t, R(minS).Abs(), p63)
	checkRat(t, R(minS).Inv(), "-1/"+p63)
	checkRat(t, R("-1/"+p63).Inv(), minS)
	checkRat(t, R(p63).Neg(), minS)
	checkRat(t, R("-2/7").Inv(), "-7/2")
	checkRat(t, R("2/7").Inv(), "7/2")
	checkRat(t, R("-2/7").Abs(), "2/7")
	require.Panics(t, func() { Rat{}.Inv() })
	require.Panics(t, func() { R("1").Quo(Rat{}) })
}

func TestRatCmp(t *testing.T) {
	vals := []string{"-" + p64, minS, "-9223372036854775807/2", "-1", "-1/3", "-1/" + maxS, "-1/" + p63,
		"0", "1/" + p63, "1/" + maxS, "1/3", "3037000499/3037000500", "3037000500/3037000501", "1", maxS + "/2", maxS, p63}
	for i, sa := range vals {
		for j, sb := range vals {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			a, b := R(sa), R(sb)
			require.Equal(t, want, a.Cmp(b), "%s cmp %s", sa, sb)
			require.Equal(t, i == j, a.Equal(b))
			if i == j {
				require.Equal(t, a.Hash(), R(sb).Hash())
			}
		}
	}
	require.True(t, R("1").IsOne())
	require.False(t, R("1/2").IsOne())
	require.True(t, R("1/2").Min(R("1/3")).Equal(R("1/3")))
	require.True(t, R("1/2").Max(R("1/3")).Equal(R("1/2")))
}

func TestRatParts(t *testing.T) {
	tests := []struct{ x, num, den, floor, ceil string }{
		{"7/2", "7", "2", "3", "4"},
		{"-7/2", "-7", "2", "-4", "-3"},
		{"5", "5", "1", "5", "5"},
		{"-5", "-5", "1", "-5", "-5"},
		{"0", "0", "1", "0", "0"},
		{minS, minS, "1", minS, minS},
		{"-1/" + p63, "-1", p63, "-1", "0"},
		{"1/" + p63, "1", p63, "0", "1"},
		{p64 + "/3", p64, "3", "6148914691236517205", "6148914691236517206"},
		{"-" + p64 + "/3", "-" + p64, "3", "-6148914691236517206", "-6148914691236517205"},
		{"-" + p64, "-" + p64, "1", "-" + p64, "-" + p64},
	}
	for _, tc := range tests {
		x := R(tc.x)
		checkInt(t, x.Num(), tc.num)
		checkInt(t, x.Den(), tc.den)
		checkInt(t, x.Floor(), tc.floor)
		checkInt(t, x.Ceil(), tc.ceil)
		require.Equal(t, tc.den == "1", x.IsInt(), tc.x)
		checkRat(t, RatFromInt(x.Num()).Quo(RatFromInt(x.Den())), tc.x)
	}
}

func TestParseRat(t *testing.T) {
	good := []struct{ in, want string }{
		{"12", "12"}, {"-12", "-12"}, {"0.5", "1/2"}, {"-0.25", "-1/4"},
		{"1/3", "1/3"}, {"-1/3", "-1/3"}, {"007", "7"}, {"-0", "0"},
		{"2/4", "1/2"}, {"0/5", "0"}, {"1.000", "1"}, {"00.10", "1/10"},
		{"123456789012345678901234567890.5", "246913578024691357802469135781/2"},
		{"1/" + p64, "1/" + p64},
	}
	for _, tc := range good {
		v, err := ParseRat(tc.in)
		require.NoError(t, err, tc.in)
		checkRat(t, v, tc.want)
	}
	for _, s := range []string{"", "-", "1/0", "1.", ".5", "abc", "1/-3", "-1/0", "+1", "1.5/2", "1/2/3",
		"1..5", "1.-5", "--1", " 1", "1e5", "0x1", "1/", "/2"} {
		_, err := ParseRat(s)
		require.Error(t, err, "%q", s)
	}
}

func TestRatStrings(t *testing.T) {
	dec := []struct{ in, want string }{
		{"1/2", "0.5"}, {"-1/4", "-0.25"}, {"5", "5.0"}, {"0", "0.0"}, {"-5", "-5.0"},
		{"1/80", "0.0125"}, {"123/10", "12.3"}, {"-1/1024", "-0.0009765625"},
		{"1/" + p64, "0.0000000000000000000542101086242752217003726400434970855712890625"},
		{p64 + "/5", "3689348814741910323.2"},
	}
	for _, tc := range dec {
		s, ok := R(tc.in).DecimalString()
		require.True(t, ok, tc.in)
		require.Equal(t, tc.want, s)
		require.True(t, R(tc.want).Equal(R(tc.in)), "round trip %s", tc.in)
	}
	for _, s := range []string{"1/3", "-1/6", "7/30"} {
		_, ok := R(s).DecimalString()
		require.False(t, ok, s)
	}
	require.Equal(t, "-1/3", NewRat(1, -3).String())
	require.Equal(t, "5", NewRat(10, 2).String())
}

func TestRatFloat64(t *testing.T) {
	require.Equal(t, 0.5, R("1/2").Float64())
	require.Equal(t, -0.25, R("-1/4").Float64())
	require.Equal(t, 1.0/3.0, R("1/3").Float64())
	require.Equal(t, 9223372036854775807.0, R(maxS).Float64())
	require.Equal(t, 1.0/18446744073709551616.0, R("1/"+p64).Float64())
}

func TestRatBigRoundTrip(t *testing.T) {
	b := big.NewRat(3, 6)
	x := RatFromBig(b)
	b.SetInt64(9) // copied
	checkRat(t, x, "1/2")
	c := x.Big()
	c.SetInt64(4)
	checkRat(t, x, "1/2")
	y := R(p64 + "/3")
	yb := y.Big()
	yb.SetInt64(0)
	checkRat(t, y, p64+"/3")
	checkRat(t, RatFromInt(I(p64)), p64)
}
