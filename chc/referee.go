package chc

import "context"

// A Referee judges a decisive answer an engine found on the system it was
// given: it returns the answer to give, or Unknown with the reason the
// witness was rejected. An engine made of engines (the portfolio) asks
// the referee of its context to judge each member's answer and gives the
// first one accepted; the solve pipeline installs a referee that
// translates the witness back through preprocessing and checks it on the
// input, so that a member whose witness fails there does not end the race.
type Referee func(Result) Result

type refereeKey struct{}

// WithReferee is ctx with the referee r.
func WithReferee(ctx context.Context, r Referee) context.Context {
	return context.WithValue(ctx, refereeKey{}, r)
}

// RefereeOf is the referee of ctx, nil when there is none.
func RefereeOf(ctx context.Context) Referee {
	r, _ := ctx.Value(refereeKey{}).(Referee)
	return r
}
