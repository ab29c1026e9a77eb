package num_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
)

func Example() {
	a := num.NewRat(1, 3)
	b := num.MustParseRat("-0.25")
	fmt.Println(a.Add(b), a.Mul(b), a.Cmp(b))
	d, ok := b.DecimalString()
	fmt.Println(d, ok)
	fmt.Println(num.NewInt(-7).Div(num.NewInt(2)), num.NewInt(-7).Mod(num.NewInt(2)))
	big := num.NewInt(1 << 62).Mul(num.NewInt(4))
	fmt.Println(big, big.IsInt64(), big.Div(num.NewInt(8)).IsInt64())
	// Output:
	// 1/12 -1/12 1
	// -0.25 true
	// -4 1
	// 18446744073709551616 false true
}
