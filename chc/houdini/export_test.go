package houdini

// WithoutNeighbours is o with the neighbours of the checks' models off
// (dropNeighbours): each check's model alone drops candidates.
func WithoutNeighbours(o Options) Options {
	o.noNeighbours = true
	return o
}

// ClauseOrder exports clauseOrder.
var ClauseOrder = clauseOrder
