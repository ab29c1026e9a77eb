package chc

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Options are the settings every engine and pipeline.Solve take: the shared ones
// (progress, trace, memory, seed) and each engine's own parameters. The
// zero value is the default configuration.
type Options struct {
	// Verbose, when set, receives progress lines: the pipeline's phases and the
	// engine's own (one per level, depth or iteration).
	Verbose io.Writer
	// Trace, when set, receives the engine's log of what it learns
	// (lemmas, obligations, interpolants, summaries), one line each.
	Trace io.Writer
	// MemoryMB bounds the Go heap in MiB (0: no bound); past it the pipeline
	// answers Unknown with reason ErrMemory.
	MemoryMB int
	// Seed is for engines that make random choices; the same seed gives
	// the same run.
	Seed int64
	// Params are the engines' own settings, "engine.name" to value, as
	// declared in their EngineInfo.Params (see Register). An engine reads
	// its own with Param, Int, Bool, Float and Duration.
	Params map[string]string
	// NoPreprocess makes pipeline.Solve hand the system to the engine as it is,
	// without the passes of chc/passes.
	NoPreprocess bool
	// Grace is how long pipeline.Solve waits for an engine that does not return
	// after its context ended before answering Unknown without it, and
	// how long past the deadline the check of a witness found in time may
	// take (0: a tenth of the time the context leaves when Solve starts,
	// at least 100 ms and at most one second; one second without a
	// deadline).
	Grace time.Duration
}

// ParseParam reads "name=value" into o.Params.
func (o *Options) ParseParam(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("parameter %q is not NAME=VALUE", s)
	}
	if o.Params == nil {
		o.Params = map[string]string{}
	}
	o.Params[name] = value
	return nil
}

// Param is the value of parameter name, or def when it is not set.
func (o Options) Param(name, def string) string {
	if v, ok := o.Params[name]; ok {
		return v
	}
	return def
}

// Int is the integer parameter name, or def.
func (o Options) Int(name string, def int) (int, error) {
	v, ok := o.Params[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%s: not an integer", name, v)
	}
	return n, nil
}

// Float is the numeric parameter name, or def.
func (o Options) Float(name string, def float64) (float64, error) {
	v, ok := o.Params[name]
	if !ok {
		return def, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%s: not a number", name, v)
	}
	return f, nil
}

// Bool is the Boolean parameter name (true/false, 1/0, on/off), or def.
func (o Options) Bool(name string, def bool) (bool, error) {
	v, ok := o.Params[name]
	if !ok {
		return def, nil
	}
	switch strings.ToLower(v) {
	case "true", "1", "on", "yes":
		return true, nil
	case "false", "0", "off", "no":
		return false, nil
	}
	return false, fmt.Errorf("parameter %s=%s: not true or false", name, v)
}

// Duration is the duration parameter name ("1.5s", "200ms", or seconds),
// or def.
func (o Options) Duration(name string, def time.Duration) (time.Duration, error) {
	v, ok := o.Params[name]
	if !ok {
		return def, nil
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%s: not a duration", name, v)
	}
	return d, nil
}

// paramNames are o's parameter names, sorted.
func (o Options) paramNames() []string {
	names := make([]string, 0, len(o.Params))
	for n := range o.Params {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// GracePeriod is o.Grace, or its default for a run under ctx.
func (o Options) GracePeriod(ctx context.Context) time.Duration {
	if o.Grace > 0 {
		return o.Grace
	}
	if dl, ok := ctx.Deadline(); ok {
		return min(time.Second, max(100*time.Millisecond, time.Until(dl)/10))
	}
	return time.Second
}
