package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// chromium is the headless browser the test drives, or "" (the test then
// skips, unless GOSPACER_REQUIRE_CHROMIUM is set, as in CI).
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("GOSPACER_REQUIRE_CHROMIUM") != "" {
		t.Fatal("GOSPACER_REQUIRE_CHROMIUM is set and no chromium is on PATH")
	}
	t.Skip("no chromium on PATH")
	return ""
}

// result is what the page reports (app.js, report=1).
type result struct {
	Answer, Witness, Reason, Stats, Error string
	Ms                                    int64
}

// site builds the site once per test binary.
var site struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if site.dir != "" {
		os.RemoveAll(site.dir)
	}
	os.Exit(code)
}

func buildSite(t *testing.T) string {
	site.once.Do(func() {
		site.dir, site.err = os.MkdirTemp("", "gospacer-playground-test")
		if site.err == nil {
			site.err = Build(site.dir)
		}
	})
	require.NoError(t, site.err)
	return site.dir
}

// browse opens url in headless Chromium and returns what the page posts
// to /report, or fails after limit.
func browse(t *testing.T, browser string, srv *httptest.Server, reports chan result, query string, limit time.Duration) result {
	t.Helper()
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--no-first-run", "--disable-dev-shm-usage", "--user-data-dir="+t.TempDir(),
		srv.URL+"/index.html?"+query)
	var logs strings.Builder
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(t, cmd.Start())
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}()
	select {
	case r := <-reports:
		return r
	case <-time.After(limit):
		t.Fatalf("no report from the page after %v (%s); chromium said:\n%s", limit, query, logs.String())
	}
	return result{}
}

// TestPlaygroundChromium drives the page in headless Chromium: the safe
// example answers sat with a model, the unsafe one unsat with a
// derivation, the hard one unknown at its timeout, and bad input shows
// the error.
func TestPlaygroundChromium(t *testing.T) {
	browser := chromium(t)
	dir := buildSite(t)
	reports := make(chan result, 1)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(dir)))
	mux.HandleFunc("/report", func(w http.ResponseWriter, r *http.Request) {
		var res result
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &res); err != nil {
			res.Error = "bad report: " + string(body)
		}
		select {
		case reports <- res:
		default:
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	res := browse(t, browser, srv, reports, "example=counter&run=1&report=1&timeout=30", 3*time.Minute)
	require.Equal(t, "sat", res.Answer, "%+v", res)
	require.Contains(t, res.Witness, "(define-fun Inv ((x!0 Int)) Bool")
	require.Contains(t, res.Stats, ":spacer.levels")

	res = browse(t, browser, srv, reports, "example=unsafe&run=1&report=1&timeout=30", 3*time.Minute)
	require.Equal(t, "unsat", res.Answer, "%+v", res)
	require.Contains(t, res.Witness, "false <- clause 3")

	res = browse(t, browser, srv, reports, "example=unsafe&run=1&report=1&timeout=30&engine=portfolio", 3*time.Minute)
	require.Equal(t, "unsat", res.Answer, "%+v", res)

	res = browse(t, browser, srv, reports, "example=steps&run=1&report=1&timeout=1", 3*time.Minute)
	require.Equal(t, "unknown", res.Answer, "%+v", res)
	// the solver stops at its timeout (plus pipeline.Solve's grace), or the page
	// stops the worker 3 s after it: either way unknown, in time
	require.True(t, strings.Contains(res.Reason, "timeout") || strings.Contains(res.Reason, "stopped by the page"), "%+v", res)
	require.Less(t, res.Ms, int64(20000), "%+v", res) // 1-4 s by design: a hang, not a slow machine, fails
	t.Logf("steps with a 1 s timeout: unknown after %d ms (%s)", res.Ms, res.Reason)

	res = browse(t, browser, srv, reports, "example=mixing&run=1&report=1&timeout=30", 3*time.Minute)
	require.Contains(t, res.Witness, "sat", "%+v", res)
}

// TestPlaygroundScreenshot writes a screenshot of the page after a run
// to $GOSPACER_PLAYGROUND_SCREENSHOT (docs/playground.png is made so).
func TestPlaygroundScreenshot(t *testing.T) {
	out := os.Getenv("GOSPACER_PLAYGROUND_SCREENSHOT")
	if out == "" {
		t.Skip("GOSPACER_PLAYGROUND_SCREENSHOT not set")
	}
	browser := chromium(t)
	dir := buildSite(t)
	reported := make(chan struct{})
	var once sync.Once
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(dir)))
	mux.HandleFunc("/report", func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(reported) })
	})
	mux.HandleFunc("/hold", func(w http.ResponseWriter, r *http.Request) {
		select { // the page's load event waits for this image
		case <-reported:
			time.Sleep(200 * time.Millisecond) // the page paints the result
		case <-time.After(60 * time.Second):
		}
		w.Header().Set("Content-Type", "image/gif")
		_, _ = w.Write(pixel)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--no-first-run", "--disable-dev-shm-usage", "--user-data-dir="+t.TempDir(),
		"--hide-scrollbars", "--window-size=1280,860", "--timeout=60000",
		"--screenshot="+out, srv.URL+"/index.html?example=unsafe&run=1&timeout=20&report=1&hold=1&stats=1")
	logs, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", logs)
	info, err := os.Stat(out)
	require.NoError(t, err)
	require.Greater(t, info.Size(), int64(10000))
}

// pixel is a transparent 1x1 GIF.
var pixel = []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")

// TestReadExamples: the examples are there, HORN ones first.
func TestReadExamples(t *testing.T) {
	exs, err := readExamples("../../examples")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(exs), 3)
	require.Contains(t, exs[0].Text, "(set-logic HORN)")
	names := map[string]bool{}
	for _, e := range exs {
		names[e.Name] = true
	}
	require.True(t, names["counter"] && names["unsafe"], "%v", names)
}
