package mbp

// projectRest eliminates the variables the theory stages left: Booleans by
// their model value, variables of other sorts (uninterpreted sorts,
// arrays over other index sorts, ...) by an equality v = t of the cube,
// else by their model value.
func (r *run) projectRest() {
	for i := 0; i < len(r.vars); i++ {
		v := r.vars[i]
		switch {
		case !r.live(v):
		case len(r.with(v)) == 0:
			r.gone.Set(v, true)
		case v.Sort().IsBool():
			r.byValue(v)
		default:
			r.resolve(v)
		}
	}
}
