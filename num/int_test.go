package num

import (
	"errors"
	"github.com/stretchr/testify/require"
	"math"
	"math/big"
	"testing"
)

const (
	maxS = "9223372036854775807"
	minS = "-9223372036854775808"
	p63  = "9223372036854775808"  // 2^63
	p64  = "18446744073709551616" // 2^64
)

func I(s string) Int { return MustParseInt(s) }

// checkInt asserts the value and the canonical representation.
func checkInt(t *testing.T, got Int, want string) {
	t.Helper()
	w, ok := new(big.Int).SetString(want, 10)
	require.True(t, ok, want)
	require.Equal(t, want, got.String())
	require.Equal(t, w.IsInt64(), got.IsInt64(), "canonical form of %s", want)
	require.Equal(t, 0, got.Big().Cmp(w))
}

func TestIntZeroValue(t *testing.T) {
	var z Int
	require.True(t, z.IsZero())
	require.Equal(t, "0", z.String())
	require.True(t, z.Equal(NewInt(0)))
	require.Equal(t, NewInt(0).Hash(), z.Hash())
	require.Equal(t, 0, z.Sign())
}

func TestIntArith(t *testing.T) {
	tests := []struct {
		op, a, b, want string
	}{
		{"add", "2", "3", "5"},
		{"add", maxS, "1", p63},
		{"add", minS, "-1", "-9223372036854775809"},
		{"add", p63, "-1", maxS}, // back to small
		{"add", minS, maxS, "-1"},
		{"sub", "2", "3", "-1"},
		{"sub", minS, "1", "-9223372036854775809"},
		{"sub", "0", minS, p63},
		{"sub", p63, p63, "0"},
		{"mul", "-4", "5", "-20"},
		{"mul", "4294967296", "4294967296", p64},
		{"mul", minS, "-1", p63},
		{"mul", minS, "1", minS},
		{"mul", "-4611686018427387904", "2", minS}, // exactly MinInt64 fits
		{"mul", "4611686018427387904", "2", p63},
		{"mul", p63, "0", "0"},
		{"mul", p64, "-1", "-" + p64},
		{"div", "7", "2", "3"},
		{"div", "-7", "2", "-4"},
		{"div", "7", "-2", "-3"},
		{"div", "-7", "-2", "4"},
		{"div", "-8", "2", "-4"},
		{"div", minS, "-1", p63},
		{"div", minS, "1", minS},
		{"div", minS, "2", "-4611686018427387904"},
		{"div", minS, maxS, "-2"},
		{"div", "-" + p64, "3", "-6148914691236517206"},
		{"mod", "7", "2", "1"},
		{"mod", "-7", "2", "1"},
		{"mod", "7", "-2", "1"},
		{"mod", "-7", "-2", "1"},
		{"mod", minS, "-1", "0"},
		{"mod", minS, maxS, "9223372036854775806"},
		{"mod", "-" + p64, "3", "2"},
		{"gcd", "12", "-18", "6"},
		{"gcd", "0", "0", "0"},
		{"gcd", "0", "-5", "5"},
		{"gcd", minS, "0", p63},
		{"gcd", minS, minS, p63},
		{"gcd", minS, "6", "2"},
		{"gcd", p64, "12", "4"},
		{"lcm", "4", "-6", "12"},
		{"lcm", "0", "6", "0"},
		{"lcm", maxS, "2", "18446744073709551614"},
		{"lcm", minS, "3", "27670116110564327424"},
	}
	for _, tc := range tests {
		a, b := I(tc.a), I(tc.b)
		var got Int
		switch tc.op {
		case "add":
			got = a.Add(b)
		case "sub":
			got = a.Sub(b)
		case "mul":
			got = a.Mul(b)
		case "div":
			got = a.Div(b)
		case "mod":
			got = a.Mod(b)
		case "gcd":
			got = a.Gcd(b)
		case "lcm":
			got = a.Lcm(b)
		}
		t.Run(tc.op+"("+tc.a+","+tc.b+")", func(t *testing.T) { checkInt(t, got, tc.want) })
	}
}

func TestIntUnary(t *testing.T) {
	checkInt(t, NewInt(math.MinInt64).Neg(), p63)
	checkInt(t, NewInt(math.MinInt64).Abs(), p63)
	checkInt(t, I(p63).Neg(), minS) // back to small
	checkInt(t, NewInt(-5).Abs(), "5")
	checkInt(t, NewInt(math.MaxInt64).Neg(), "-"+maxS)
	checkInt(t, I("-"+p64).Abs(), p64)
}

func TestIntCmp(t *testing.T) {
	vals := []Int{I("-" + p64), I(minS), NewInt(-1), NewInt(0), NewInt(1), I(maxS), I(p63), I(p64)}
	for i, a := range vals {
		for j, b := range vals {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			require.Equal(t, want, a.Cmp(b), "%v cmp %v", a, b)
			require.Equal(t, i == j, a.Equal(b))
		}
	}
	require.True(t, NewInt(1).IsOne())
	require.False(t, I(p63).IsOne())
	require.Equal(t, 1, I(p63).Sign())
	require.Equal(t, -1, I("-"+p64).Sign())
	require.True(t, NewInt(3).Min(NewInt(-2)).Equal(NewInt(-2)))
	require.True(t, NewInt(3).Max(I(p63)).Equal(I(p63)))
}

func TestIntConversions(t *testing.T) {
	b, _ := new(big.Int).SetString(p63, 10)
	x := IntFromBig(b)
	b.SetInt64(7) // IntFromBig copied
	checkInt(t, x, p63)
	require.False(t, x.IsInt64())
	require.Panics(t, func() { x.Int64() })
	y := IntFromBig(big.NewInt(-3))
	require.True(t, y.IsInt64())
	require.Equal(t, int64(-3), y.Int64())
	c := x.Big()
	c.SetInt64(1) // Big returns a copy
	checkInt(t, x, p63)
	require.Equal(t, I(p63).Hash(), x.Hash())
	require.Equal(t, NewInt(-3).Hash(), y.Hash())
	require.Equal(t, "9223372036854775808", x.Rat().String())
}

func TestIntDivByZero(t *testing.T) {
	require.Panics(t, func() { NewInt(1).Div(NewInt(0)) })
	require.Panics(t, func() { I(p64).Mod(Int{}) })
}

func TestParseInt(t *testing.T) {
	good := []string{"0", "-0", "12", "-12", "007", maxS, minS, p63, "-" + p64, "123456789012345678901234567890"}
	for _, s := range good {
		v, err := ParseInt(s)
		require.NoError(t, err, s)
		w, _ := new(big.Int).SetString(s, 10)
		checkInt(t, v, w.String())
	}
	for _, s := range []string{"", "-", "+1", "1.0", "abc", "1_000", " 1", "1 ", "--1", "0x10"} {
		_, err := ParseInt(s)
		require.Error(t, err, "%q", s)
		var se *SyntaxError
		require.True(t, errors.As(err, &se), "%q", s)
	}
}
