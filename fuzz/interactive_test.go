package fuzz

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// buildGospacer builds the command-line tool into a temporary directory
// and returns its path.
func buildGospacer(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build gospacer with")
	}
	bin := filepath.Join(t.TempDir(), "gospacer")
	build := exec.Command(goTool, "build", "-o", bin, "../cmd/gospacer")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// TestCampaignInteractive is the interactive differential campaign:
// random command streams (CommandStream) sent one command at a time to
// gospacer -in and z3 -in through pipes, each command only after both
// answered the last, their responses compared by CompareStream. It runs
// a few seconds by default, for GOSPACER_INTERACTIVE_CAMPAIGN (a
// duration, such as 30m) when set; GOSPACER_CAMPAIGN_SEED fixes the
// first seed. Skipped without z3.
func TestCampaignInteractive(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 is not installed")
	}
	budget := 3 * time.Second
	if s := os.Getenv("GOSPACER_INTERACTIVE_CAMPAIGN"); s != "" {
		d, err := time.ParseDuration(s)
		require.NoError(t, err, "GOSPACER_INTERACTIVE_CAMPAIGN")
		budget = d
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("GOSPACER_CAMPAIGN_SEED"); s != "" {
		seed, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err, "GOSPACER_CAMPAIGN_SEED")
	}
	bin := buildGospacer(t)
	var total StreamStats
	streams := 0
	for start := time.Now(); time.Since(start) < budget || streams == 0; seed++ {
		r := rand.New(rand.NewPCG(seed, 43))
		commands := CommandStream(r, 20+r.IntN(60))
		ours, err := StartProcess(bin, "-in")
		require.NoError(t, err)
		theirs, err := StartProcess(z3, "-in")
		require.NoError(t, err)
		st, err := CompareStream(ours, theirs, commands, 30*time.Second)
		ours.Close()
		theirs.Close()
		if err != nil {
			t.Fatalf("seed %d: %v\nthe stream:\n%s", seed, err, strings.Join(commands, "\n"))
		}
		streams++
		total.Commands += st.Commands
		total.Answers += st.Answers
		total.Decided += st.Decided
		total.Errors += st.Errors
	}
	t.Logf("%d streams, %d commands, %d check-sat answers (%d decided by both and equal), %d commands answered with an error (by both), 0 disagreements",
		streams, total.Commands, total.Answers, total.Decided, total.Errors)
}
