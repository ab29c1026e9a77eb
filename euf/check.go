package euf

import "fmt"

// debug turns on expensive internal checks in Pop.
const debug = false

// checkDetached panics unless n, a node created in a popped scope, is back
// to a singleton with no attachments.
func (g *Graph) checkDetached(n Node) {
	if g.root[n] != n || g.next[n] != n || g.size[n] != 1 || g.pp[n] != NoNode ||
		len(g.parents[n]) != 0 || len(g.watchesOf[n]) != 0 || len(g.diseqsOf[n]) != 0 {
		panic(fmt.Sprintf("euf: node %d not detached after Pop", n))
	}
}

// Check verifies the graph's invariants and returns the first violation.
// It is slow (quadratic in places) and meant for tests.
func (g *Graph) Check() error {
	nn := len(g.terms)
	// Classes: circular lists agree with roots and sizes.
	seen := make([]bool, nn)
	for r := 0; r < nn; r++ {
		if g.root[r] != Node(r) {
			continue
		}
		cnt := 0
		for m := Node(r); ; {
			if seen[m] || g.root[m] != Node(r) {
				return fmt.Errorf("node %d: bad class list of root %d", m, r)
			}
			seen[m] = true
			cnt++
			if m = g.next[m]; m == Node(r) {
				break
			}
		}
		if uint32(cnt) != g.size[r] {
			return fmt.Errorf("root %d: size %d, class has %d", r, g.size[r], cnt)
		}
	}
	for n := range seen {
		if !seen[n] {
			return fmt.Errorf("node %d in no class", n)
		}
	}
	// Proof forest: one tree per class, congruence edges are congruences.
	proofRoots := make([]int, nn)
	for n := 0; n < nn; n++ {
		m, steps := Node(n), 0
		for g.pp[m] != NoNode {
			if g.root[g.pp[m]] != g.root[m] {
				return fmt.Errorf("node %d: proof edge leaves the class", m)
			}
			if g.pj[m].cong && !g.sigEqual(m, g.pp[m]) {
				return fmt.Errorf("node %d: congruence edge to %d is not a congruence", m, g.pp[m])
			}
			if m = g.pp[m]; steps > nn {
				return fmt.Errorf("node %d: proof forest cycle", n)
			}
			steps++
		}
		if g.pj[m] != (just{}) {
			return fmt.Errorf("proof root %d has a label", m)
		}
		if m == Node(n) {
			proofRoots[g.root[n]]++
		}
	}
	for r := 0; r < nn; r++ {
		if g.root[r] == Node(r) && proofRoots[r] != 1 {
			return fmt.Errorf("class %d has %d proof roots", r, proofRoots[r])
		}
	}
	// Parent lists: each application is listed once per argument under the
	// argument's root, and nothing else is listed.
	listed := 0
	for r := 0; r < nn; r++ {
		if g.root[r] != Node(r) {
			continue
		}
		ps := g.parents[r]
		listed += len(ps)
		for _, p := range ps {
			have, want := 0, 0
			for _, q := range ps {
				have += b2i(q == p)
			}
			for _, a := range g.args(p) {
				want += b2i(g.root[a] == Node(r))
			}
			if have != want {
				return fmt.Errorf("parent %d of class %d listed %d times, has %d arguments there", p, r, have, want)
			}
		}
	}
	if listed != len(g.argNodes) {
		return fmt.Errorf("%d parent listings for %d arguments", listed, len(g.argNodes))
	}
	// Signature table: hashes current, one entry per signature, and (when
	// consistent) every application congruent to an entry in its class.
	entries := 0
	for _, s := range g.table.slots {
		if s.n == NoNode {
			continue
		}
		entries++
		if g.sigHash(s.n) != s.h {
			return fmt.Errorf("table entry %d has a stale hash", s.n)
		}
		if q := g.table.lookup(g, s.n); q != s.n {
			return fmt.Errorf("table entries %d and %d have one signature", s.n, q)
		}
	}
	if entries != g.table.count {
		return fmt.Errorf("table count %d, %d entries", g.table.count, entries)
	}
	if !g.inconsistent {
		for n := 0; n < nn; n++ {
			if len(g.args(Node(n))) == 0 {
				continue
			}
			q := g.table.lookup(g, Node(n))
			if q == NoNode || g.root[q] != g.root[n] {
				return fmt.Errorf("application %v is not closed under congruence", g.terms[n])
			}
		}
	}
	// Values and disequalities.
	for n := 0; n < nn; n++ {
		if isValueOp(g.terms[n].Op()) {
			v := g.value[g.root[n]]
			if v == NoNode || (!g.inconsistent && v != Node(n)) {
				return fmt.Errorf("value %v: class value %d", g.terms[n], v)
			}
		}
	}
	for d, q := range g.diseqs {
		if !g.inconsistent && g.root[q.a] == g.root[q.b] {
			return fmt.Errorf("disequality %d holds between equal nodes", d)
		}
		for _, x := range []Node{q.a, q.b} {
			found := false
			for _, e := range g.diseqsOf[g.root[x]] {
				found = found || e == uint32(d)
			}
			if !found {
				return fmt.Errorf("disequality %d not listed at its class", d)
			}
		}
	}
	// Watches: listed at both classes; states exact when consistent; each
	// decided watch reported once in the queue.
	reported := make([]int, len(g.watches))
	for _, p := range g.props {
		if p.watch != noWatch {
			reported[p.watch]++
		}
	}
	for w, q := range g.watches {
		for _, x := range []Node{q.a, q.b} {
			found := false
			for _, e := range g.watchesOf[g.root[x]] {
				found = found || e == uint32(w)
			}
			if !found {
				return fmt.Errorf("watch %d not listed at its class", w)
			}
		}
		if want := b2i(q.state != watchUnknown); reported[w] != want {
			return fmt.Errorf("watch %d in state %d reported %d times", w, q.state, reported[w])
		}
		if g.inconsistent {
			continue
		}
		same := g.root[q.a] == g.root[q.b]
		diff := g.Disequal(q.a, q.b)
		switch {
		case same != (q.state == watchTrue):
			return fmt.Errorf("watch %d: state %d but equal=%v", w, q.state, same)
		case diff != (q.state == watchFalse):
			return fmt.Errorf("watch %d: state %d but disequal=%v", w, q.state, diff)
		}
	}
	// Shared: sharedOf of a root is a shared member.
	for r := 0; r < nn; r++ {
		if g.root[r] != Node(r) {
			continue
		}
		s := g.sharedOf[r]
		has := false
		for m := Node(r); ; {
			has = has || g.isShared[m]
			if m = g.next[m]; m == Node(r) {
				break
			}
		}
		if (s != NoNode) != has || s != NoNode && (g.root[s] != Node(r) || !g.isShared[s]) {
			return fmt.Errorf("class %d: shared node %d", r, s)
		}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
