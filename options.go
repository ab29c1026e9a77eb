package gospacer

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/engines/portfolio"
)

// An Option configures Solve, SolveFile, SolveReader and a Fixedpoint.
type Option func(*config)

// config is what the options set.
type config struct {
	engine  string      // registered engine name ("" for the default)
	custom  chc.Engine  // WithEngineValue
	members []string    // WithPortfolio
	opts    chc.Options // shared settings and engine parameters
	timeout time.Duration
	errs    []string // malformed options, reported by the call
}

// WithEngine chooses a registered engine by name: "spacer" (the
// default), "bmc", "portfolio", or any other that chc.Engines lists.
func WithEngine(name string) Option {
	return func(c *config) { c.engine = name }
}

// WithPortfolio races registered engines concurrently, each on its own
// copy of the system; the first answer whose witness checks wins. A
// member is NAME or NAME:SHARE, SHARE the fraction of the time it may
// use ("spacer", "bmc:0.5"); none means portfolio's default members.
func WithPortfolio(members ...string) Option {
	return func(c *config) {
		c.engine = "portfolio"
		c.members = members
	}
}

// WithEngineValue runs an engine the caller built (any chc.Engine: a
// configured *spacer.Engine, a *portfolio.Engine, an engine of one's own),
// still through the whole pipeline: preprocessing, the panic guard, the
// check of the witness on the input.
func WithEngineValue(e chc.Engine) Option {
	return func(c *config) { c.custom = e }
}

// WithParam sets an engine parameter, as --opt NAME=VALUE does on the
// command line ("spacer.max-level", "10"); chc.Engines lists them with
// their defaults.
func WithParam(name, value string) Option {
	return func(c *config) {
		if err := c.opts.ParseParam(name + "=" + value); err != nil {
			c.errs = append(c.errs, err.Error())
		}
	}
}

// WithTimeout bounds the whole call; the answer is then Unknown with a
// reason that errors.Is(reason, ErrTimeout). A deadline on the context
// does the same.
func WithTimeout(d time.Duration) Option {
	return func(c *config) {
		if d < 0 {
			c.errs = append(c.errs, fmt.Sprintf("negative timeout %v", d))
		}
		c.timeout = d
	}
}

// WithMemoryLimit answers Unknown (ErrMemory) once the Go heap exceeds mb
// megabytes, checked every 50 ms; 0 means no bound.
func WithMemoryLimit(mb int) Option {
	return func(c *config) {
		if mb < 0 {
			c.errs = append(c.errs, fmt.Sprintf("negative memory limit %d", mb))
		}
		c.opts.MemoryMB = mb
	}
}

// WithVerbose sends progress lines (the pipeline's phases, the engine's
// levels) to w.
func WithVerbose(w io.Writer) Option {
	return func(c *config) { c.opts.Verbose = w }
}

// WithTrace sends the engine's log of what it learns (lemmas,
// obligations) to w, one line each.
func WithTrace(w io.Writer) Option {
	return func(c *config) { c.opts.Trace = w }
}

// WithSeed seeds engines that make random choices.
func WithSeed(seed int64) Option {
	return func(c *config) { c.opts.Seed = seed }
}

// WithoutPreprocessing hands the system to the engine as it is (after
// Normalize, in the strict clause form: see chc.System.Relaxed), without
// passes.Default.
func WithoutPreprocessing() Option {
	return func(c *config) { c.opts.NoPreprocess = true }
}

func newConfig(options []Option) (*config, error) {
	c := &config{}
	for _, o := range options {
		if o != nil {
			o(c)
		}
	}
	if len(c.errs) > 0 {
		return nil, fmt.Errorf("gospacer: %s", strings.Join(c.errs, "; "))
	}
	return c, nil
}

// buildEngine is the engine the options name, its parameters checked:
// the one place that checks them (see config.solve).
func (c *config) buildEngine() (chc.Engine, error) {
	if err := chc.CheckParams(c.opts); err != nil {
		return nil, fmt.Errorf("gospacer: %w", err)
	}
	if c.custom != nil {
		if c.engine != "" {
			return nil, fmt.Errorf("gospacer: both an engine value and the engine %q", c.engine)
		}
		return c.custom, nil
	}
	if c.members != nil {
		p, err := portfolio.New(c.opts, strings.Join(c.members, ","))
		if err != nil {
			return nil, fmt.Errorf("gospacer: %w", err)
		}
		return p, nil
	}
	name := c.engine
	if name == "" {
		name = engines.DefaultEngine
	}
	e, err := chc.NewEngine(name, c.opts)
	if err != nil {
		return nil, fmt.Errorf("gospacer: %w", err)
	}
	return e, nil
}
