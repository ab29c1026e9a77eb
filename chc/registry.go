package chc

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// EngineInfo describes a registered engine.
type EngineInfo struct {
	// Name is what --engine and NewEngine take: lower case, no dots.
	Name string
	// Summary is one line on what the engine does and when to use it.
	Summary string
	// Params are the engine's own settings, each named "Name.param".
	Params []Param
	// New builds the engine from the options; it reads its own Params
	// from o and fails on a malformed value.
	New func(o Options) (Engine, error)
}

// A Param is one setting of an engine.
type Param struct {
	Name    string // "engine.param"
	Default string
	Usage   string
}

var registry struct {
	sync.Mutex
	engines map[string]EngineInfo
}

// Register adds an engine; engines register from their package's init.
// It panics on a name that is malformed or taken, or a parameter not
// named after the engine: a programming error.
func Register(e EngineInfo) {
	registry.Lock()
	defer registry.Unlock()
	if e.Name == "" || strings.ContainsAny(e.Name, ". \t") || e.New == nil {
		panic(fmt.Sprintf("chc: Register(%q): bad name or no constructor", e.Name))
	}
	if registry.engines == nil {
		registry.engines = map[string]EngineInfo{}
	}
	if _, ok := registry.engines[e.Name]; ok {
		panic(fmt.Sprintf("chc: engine %q registered twice", e.Name))
	}
	for _, p := range e.Params {
		if !strings.HasPrefix(p.Name, e.Name+".") {
			panic(fmt.Sprintf("chc: engine %q: parameter %q not named %s.NAME", e.Name, p.Name, e.Name))
		}
	}
	registry.engines[e.Name] = e
}

// Engines lists the registered engines by name.
func Engines() []EngineInfo {
	registry.Lock()
	defer registry.Unlock()
	out := make([]EngineInfo, 0, len(registry.engines))
	for _, e := range registry.engines {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupEngine is the engine registered under name.
func LookupEngine(name string) (EngineInfo, bool) {
	registry.Lock()
	defer registry.Unlock()
	e, ok := registry.engines[name]
	return e, ok
}

// NewEngine builds the engine registered under name from o. It does not
// check o.Params against the registry: the front door (the root
// package's options, through which the command line comes too) does,
// once, with CheckParams, before it builds an engine (a portfolio passes
// its members' parameters on).
func NewEngine(name string, o Options) (Engine, error) {
	info, ok := LookupEngine(name)
	if !ok {
		names := []string{}
		for _, e := range Engines() {
			names = append(names, e.Name)
		}
		return nil, fmt.Errorf("unknown engine %q (one of %s)", name, strings.Join(names, ", "))
	}
	return info.New(o)
}

// CheckParams reports a parameter of o that no registered engine declares.
func CheckParams(o Options) error {
	declared := map[string]bool{}
	for _, e := range Engines() {
		for _, p := range e.Params {
			declared[p.Name] = true
		}
	}
	for _, n := range o.paramNames() {
		if !declared[n] {
			return fmt.Errorf("unknown parameter %q (see --help for each engine's)", n)
		}
	}
	return nil
}
