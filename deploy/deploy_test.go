package deploy_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// The part of a Kubernetes object these tests read; unknown fields are ignored.
type object struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name      string            `yaml:"name"`
		Namespace string            `yaml:"namespace"`
		Labels    map[string]string `yaml:"labels"`
	} `yaml:"metadata"`
	Spec       spec              `yaml:"spec"`
	StringData map[string]string `yaml:"stringData"` // Secret
	Resources  []string          `yaml:"resources"`  // Kustomization
	file       string
}

type spec struct {
	ClusterIP   string         `yaml:"clusterIP"`
	Selector    map[string]any `yaml:"selector"` // a Service's labels, or {matchLabels: ...}
	Ports       []servicePort  `yaml:"ports"`
	ServiceName string         `yaml:"serviceName"`
	Replicas    *int           `yaml:"replicas"`
	Parallelism *int           `yaml:"parallelism"`
	Completions *int           `yaml:"completions"`
	Template    struct {
		Metadata struct {
			Labels map[string]string `yaml:"labels"`
		} `yaml:"metadata"`
		Spec podSpec `yaml:"spec"`
	} `yaml:"template"`
}

type servicePort struct {
	Name       string    `yaml:"name"`
	Port       int       `yaml:"port"`
	TargetPort yaml.Node `yaml:"targetPort"` // a number or a container port's name
}

type podSpec struct {
	RestartPolicy   string `yaml:"restartPolicy"`
	SecurityContext struct {
		RunAsNonRoot bool `yaml:"runAsNonRoot"`
	} `yaml:"securityContext"`
	TerminationGracePeriodSeconds *int        `yaml:"terminationGracePeriodSeconds"`
	Containers                    []container `yaml:"containers"`
	Volumes                       []struct {
		Name   string `yaml:"name"`
		Secret *struct {
			SecretName string `yaml:"secretName"`
			Items      []struct {
				Key  string `yaml:"key"`
				Path string `yaml:"path"`
			} `yaml:"items"`
		} `yaml:"secret"`
	} `yaml:"volumes"`
}

type container struct {
	Name    string   `yaml:"name"`
	Image   string   `yaml:"image"`
	Command []string `yaml:"command"`
	Args    []string `yaml:"args"`
	Env     []struct {
		Name      string `yaml:"name"`
		Value     string `yaml:"value"`
		ValueFrom *struct {
			SecretKeyRef *struct {
				Name string `yaml:"name"`
				Key  string `yaml:"key"`
			} `yaml:"secretKeyRef"`
		} `yaml:"valueFrom"`
	} `yaml:"env"`
	Ports []struct {
		Name          string `yaml:"name"`
		ContainerPort int    `yaml:"containerPort"`
	} `yaml:"ports"`
	ReadinessProbe *probe `yaml:"readinessProbe"`
	LivenessProbe  *probe `yaml:"livenessProbe"`
	VolumeMounts   []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
	} `yaml:"volumeMounts"`
}

type probe struct {
	GRPC *struct {
		Port int `yaml:"port"`
	} `yaml:"grpc"`
}

const (
	dir           = "kubernetes"
	namespace     = "flickarena"
	secretExample = "secret.example.yaml"
	kustomization = "kustomization.yaml"
	imageName     = "flickarena" // the image deploy/Dockerfile builds
)

// load decodes every document of every YAML file in kubernetes/, failing on malformed YAML
// or an object without apiVersion, kind or name.
func load(t *testing.T) []*object {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in %s (%v)", dir, err)
	}
	var objs []*object
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		for i := 0; ; i++ {
			o := &object{file: filepath.Base(f)}
			if err := dec.Decode(o); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				t.Fatalf("%s: document %d: %v", f, i, err)
			}
			if o.APIVersion == "" || o.Kind == "" || (o.Metadata.Name == "" && o.Kind != "Kustomization") {
				t.Fatalf("%s: document %d lacks apiVersion, kind or metadata.name: %+v", f, i, o)
			}
			objs = append(objs, o)
		}
	}
	return objs
}

// find returns the object of kind and name, failing if there is none.
func find(t *testing.T, objs []*object, kind, name string) *object {
	t.Helper()
	for _, o := range objs {
		if o.Kind == kind && o.Metadata.Name == name {
			return o
		}
	}
	t.Fatalf("no %s %q in %s", kind, name, dir)
	return nil
}

// subset reports whether every label of sel is in labels.
func subset(sel, labels map[string]string) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return len(sel) > 0
}

func matchLabels(t *testing.T, o *object) map[string]string {
	t.Helper()
	m, ok := o.Spec.Selector["matchLabels"].(map[string]any)
	if !ok {
		t.Fatalf("%s %s: selector.matchLabels missing", o.Kind, o.Metadata.Name)
	}
	out := map[string]string{}
	for k, v := range m {
		out[k], _ = v.(string)
	}
	return out
}

// flagValue returns the value of --name=value (or --name value) in args.
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		a = strings.TrimLeft(a, "-")
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, true
		}
		if a == name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

func TestManifests_WellFormed(t *testing.T) {
	objs := load(t)
	listed := map[string]bool{}
	for _, o := range objs {
		if o.Kind == "Kustomization" {
			for _, r := range o.Resources {
				listed[r] = true
			}
			continue
		}
		if o.Kind != "Namespace" && o.Metadata.Namespace != namespace {
			t.Errorf("%s: %s %s is in namespace %q, want %q", o.file, o.Kind, o.Metadata.Name, o.Metadata.Namespace, namespace)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	for _, f := range files {
		base := filepath.Base(f)
		switch {
		case base == kustomization:
		case base == secretExample && listed[base]:
			t.Errorf("%s lists %s: its placeholder values would be applied", kustomization, base)
		case base != secretExample && !listed[base]:
			t.Errorf("%s is not in %s", base, kustomization)
		}
		delete(listed, base)
	}
	for r := range listed {
		t.Errorf("%s lists %s, which does not exist", kustomization, r)
	}
}

func TestManifests_Consistent(t *testing.T) {
	objs := load(t)
	secret := find(t, objs, "Secret", namespace)

	// Every workload: selector and labels, Services, ports, probes, secrets, mounts.
	for _, o := range objs {
		if o.Kind != "StatefulSet" && o.Kind != "Job" {
			continue
		}
		what := o.Kind + " " + o.Metadata.Name
		pod := o.Spec.Template
		if o.Kind == "StatefulSet" {
			if !subset(matchLabels(t, o), pod.Metadata.Labels) {
				t.Errorf("%s: selector %v does not select its pods' labels %v", what, o.Spec.Selector, pod.Metadata.Labels)
			}
			svc := find(t, objs, "Service", o.Spec.ServiceName)
			sel := map[string]string{}
			for k, v := range svc.Spec.Selector {
				sel[k], _ = v.(string)
			}
			if !subset(sel, pod.Metadata.Labels) {
				t.Errorf("Service %s: selector %v does not select the pods of %s", svc.Metadata.Name, sel, what)
			}
			ports := map[string]int{}
			for _, c := range pod.Spec.Containers {
				for _, p := range c.Ports {
					ports[p.Name] = p.ContainerPort
				}
			}
			for _, p := range svc.Spec.Ports {
				target := p.TargetPort.Value
				n, err := strconv.Atoi(target)
				if err != nil {
					var ok bool
					if n, ok = ports[target]; !ok {
						t.Errorf("Service %s: port %s targets %q, not a port of %s", svc.Metadata.Name, p.Name, target, what)
					}
				}
				if n != p.Port {
					t.Errorf("Service %s: port %d goes to container port %d (keep them equal: clients of the headless Service dial the pods directly)", svc.Metadata.Name, p.Port, n)
				}
			}
		}
		mounts := map[string]string{}
		for _, v := range pod.Spec.Volumes {
			if v.Secret == nil {
				continue
			}
			if v.Secret.SecretName != secret.Metadata.Name {
				t.Errorf("%s: volume %s mounts secret %q, not %q", what, v.Name, v.Secret.SecretName, secret.Metadata.Name)
			}
			for _, it := range v.Secret.Items {
				if _, ok := secret.StringData[it.Key]; !ok {
					t.Errorf("%s: volume %s mounts key %q, which %s lacks", what, v.Name, it.Key, secretExample)
				}
				mounts[v.Name] = it.Path
			}
		}
		for _, c := range pod.Spec.Containers {
			containerPorts := map[int]bool{}
			for _, p := range c.Ports {
				containerPorts[p.ContainerPort] = true
			}
			for _, p := range []*probe{c.ReadinessProbe, c.LivenessProbe} {
				if p != nil && p.GRPC != nil && !containerPorts[p.GRPC.Port] {
					t.Errorf("%s: container %s probes gRPC port %d, not one of its ports", what, c.Name, p.GRPC.Port)
				}
			}
			for _, e := range c.Env {
				if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
					ref := e.ValueFrom.SecretKeyRef
					if _, ok := secret.StringData[ref.Key]; ref.Name != secret.Metadata.Name || !ok {
						t.Errorf("%s: env %s reads %s/%s, which %s lacks", what, e.Name, ref.Name, ref.Key, secretExample)
					}
				}
			}
			files := map[string]bool{}
			for _, m := range c.VolumeMounts {
				if path, ok := mounts[m.Name]; ok {
					files[filepath.Join(m.MountPath, path)] = true
				}
			}
			if f, ok := flagValue(c.Args, "token-file"); ok && !files[f] {
				t.Errorf("%s: --token-file %s is not a mounted secret file (%v)", what, f, files)
			}
			if l, ok := flagValue(c.Args, "listen"); ok {
				_, port, err := net.SplitHostPort(l)
				if n, _ := strconv.Atoi(port); err != nil || !containerPorts[n] {
					t.Errorf("%s: --listen %s is not on a container port (%v)", what, l, containerPorts)
				}
			}
		}
	}

	t.Run("EnvServersHeadless", func(t *testing.T) {
		ss := find(t, objs, "StatefulSet", "envserver")
		if svc := find(t, objs, "Service", ss.Spec.ServiceName); svc.Spec.ClusterIP != "None" {
			t.Errorf("Service %s: clusterIP %q, want None (headless: one DNS name per server)", svc.Metadata.Name, svc.Spec.ClusterIP)
		}
		if ss.Spec.Replicas == nil || *ss.Spec.Replicas < 2 {
			t.Errorf("envserver replicas %v, want at least 2", ss.Spec.Replicas)
		}
	})
	t.Run("WorkersJob", func(t *testing.T) {
		job := find(t, objs, "Job", "arena-tournament")
		if job.Spec.Parallelism == nil || *job.Spec.Parallelism < 2 || job.Spec.Completions != nil {
			t.Errorf("Job: parallelism %v and completions %v, want parallelism ≥ 2 and completions unset (a work queue: every worker ends when the tournament is complete)",
				job.Spec.Parallelism, job.Spec.Completions)
		}
		if rp := job.Spec.Template.Spec.RestartPolicy; rp != "OnFailure" {
			t.Errorf("Job: restartPolicy %q, want OnFailure (a killed worker comes back; its set is rescued)", rp)
		}
	})
	t.Run("DatabaseURL", func(t *testing.T) {
		u, err := url.Parse(secret.StringData["db-url"])
		if err != nil || u.Scheme != "postgres" {
			t.Fatalf("%s: db-url %q is not a postgres:// URL (%v)", secretExample, secret.StringData["db-url"], err)
		}
		pg := find(t, objs, "Service", u.Hostname())
		if len(pg.Spec.Ports) != 1 || strconv.Itoa(pg.Spec.Ports[0].Port) != u.Port() {
			t.Errorf("db-url port %s, Service %s ports %+v", u.Port(), pg.Metadata.Name, pg.Spec.Ports)
		}
		ss := find(t, objs, "StatefulSet", "postgres")
		for _, e := range ss.Spec.Template.Spec.Containers[0].Env {
			if (e.Name == "POSTGRES_USER" && e.Value != u.User.Username()) || (e.Name == "POSTGRES_DB" && e.Value != strings.TrimPrefix(u.Path, "/")) {
				t.Errorf("postgres %s=%s does not match db-url %s", e.Name, e.Value, u.Redacted())
			}
		}
	})
}

// image is what deploy/Dockerfile builds: the package of each binary by its path in the
// image, and the default command.
type image struct {
	binaries   map[string]string // "/usr/local/bin/envserver" -> "./cmd/envserver"
	entrypoint []string
	goVersion  string
	user       string // the final USER
}

var (
	goBuildRe = regexp.MustCompile(`go build .*-o (\S+) (\./cmd/\S+)`)
	copyRe    = regexp.MustCompile(`^COPY --from=build (\S+) (\S+)$`)
	fromGoRe  = regexp.MustCompile(`^ARG GO_VERSION=(\S+)$`)
	execRe    = regexp.MustCompile(`^(ENTRYPOINT|CMD) (\[.*\])$`)
	userRe    = regexp.MustCompile(`^USER (\S+)$`)
)

// readDockerfile reads the binaries, command and Go version of deploy/Dockerfile.
func readDockerfile(t *testing.T) image {
	t.Helper()
	f, err := os.Open("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	built := map[string]string{}
	img := image{binaries: map[string]string{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := goBuildRe.FindStringSubmatch(line); m != nil {
			built[m[1]] = m[2]
		}
		if m := copyRe.FindStringSubmatch(line); m != nil {
			pkg, ok := built[m[1]]
			if !ok {
				t.Fatalf("Dockerfile copies %s, which no go build writes", m[1])
			}
			img.binaries[m[2]] = pkg
		}
		if m := userRe.FindStringSubmatch(line); m != nil {
			img.user = m[1]
		}
		if m := fromGoRe.FindStringSubmatch(line); m != nil {
			img.goVersion = m[1]
		}
		if m := execRe.FindStringSubmatch(line); m != nil {
			var parts []string
			if err := yaml.Unmarshal([]byte(m[2]), &parts); err != nil {
				t.Fatalf("Dockerfile %s: %v", m[1], err)
			}
			img.entrypoint = append(img.entrypoint, parts...)
		}
	}
	if len(img.binaries) == 0 || len(img.entrypoint) == 0 || img.goVersion == "" {
		t.Fatalf("Dockerfile: binaries %v, entrypoint %v, Go %q: want all three", img.binaries, img.entrypoint, img.goVersion)
	}
	return img
}

// TestDockerfile_NumericUser: the pods set runAsNonRoot, which Kubernetes can only verify for
// a numeric user (with a name it refuses to start the container).
func TestDockerfile_NumericUser(t *testing.T) {
	img := readDockerfile(t)
	uid, _, _ := strings.Cut(img.user, ":")
	if n, err := strconv.Atoi(uid); err != nil || n == 0 {
		t.Errorf("Dockerfile USER %q, want a numeric, non-zero user", img.user)
	}
	nonRoot := 0
	for _, o := range load(t) {
		if strings.Contains(o.file, "postgres") {
			continue
		}
		if o.Kind == "StatefulSet" || o.Kind == "Job" {
			if o.Spec.Template.Spec.SecurityContext.RunAsNonRoot {
				nonRoot++
			}
		}
	}
	if nonRoot < 2 {
		t.Errorf("%d workloads of our image set runAsNonRoot, want the env servers and the workers", nonRoot)
	}
}

func TestDockerfile_GoVersion(t *testing.T) {
	img := readDockerfile(t)
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(mod)
	if m == nil || img.goVersion != string(m[1]) {
		t.Errorf("Dockerfile builds with Go %s, go.mod says %s", img.goVersion, m)
	}
}

// helpFlags returns the flags a binary's help lists ("-name").
func helpFlags(help string) map[string]bool {
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+-([a-z][a-z0-9-]*)`).FindAllStringSubmatch(help, -1) {
		flags[m[1]] = true
	}
	return flags
}

// build compiles the image's binaries into a temporary directory and returns their paths by
// path in the image.
func build(t *testing.T, img image) map[string]string {
	t.Helper()
	out := t.TempDir()
	bins := map[string]string{}
	pkgs := []string{}
	for inImage, pkg := range img.binaries {
		bins[inImage] = filepath.Join(out, filepath.Base(pkg))
		pkgs = append(pkgs, pkg)
	}
	// One go build of every package: -o names a directory, each binary is named after its
	// package.
	cmd := exec.Command("go", append([]string{"build", "-o", out + "/"}, pkgs...)...)
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %v: %v\n%s", pkgs, err, b)
	}
	for inImage, pkg := range img.binaries {
		if filepath.Base(inImage) != filepath.Base(pkg) {
			t.Errorf("Dockerfile installs %s as %s: keep the package's name", pkg, inImage)
		}
	}
	return bins
}

// help runs bin with args and returns what it printed (help exits 0 or 2 depending on the
// command; either is fine, a missing binary is not).
func help(t *testing.T, bin string, args ...string) string {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return string(out)
}

// TestManifests_CommandsExist checks that every container of our image runs a binary the
// Dockerfile builds, with flags that binary's help lists (and, for the arena, a subcommand,
// bots and scenarios it knows), and that the env server starts with the manifest's flags.
func TestManifests_CommandsExist(t *testing.T) {
	img := readDockerfile(t)
	bins := build(t, img)
	check := func(what string, command, args []string) {
		t.Helper()
		if len(command) != 1 {
			t.Errorf("%s: command %v, want the binary alone (flags in args)", what, command)
			return
		}
		bin, ok := bins[command[0]]
		if !ok {
			t.Errorf("%s: runs %s, which the Dockerfile does not build (%v)", what, command[0], img.binaries)
			return
		}
		var helpArgs []string
		if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
			top := help(t, bin, "--help")
			if !regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(args[0]) + `\s`).MatchString(top) {
				t.Errorf("%s: %s has no command %q:\n%s", what, command[0], args[0], top)
			}
			helpArgs = []string{args[0]}
			args = args[1:]
		}
		text := help(t, bin, append(helpArgs, "--help")...)
		flags := helpFlags(text)
		if len(flags) == 0 {
			t.Fatalf("%s: no flags in the help of %s %v:\n%s", what, command[0], helpArgs, text)
		}
		for _, a := range args {
			if !strings.HasPrefix(a, "-") {
				t.Errorf("%s: argument %q is not a --flag=value (write values with =)", what, a)
				continue
			}
			name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if !flags[name] {
				t.Errorf("%s: %s %v has no flag --%s", what, command[0], helpArgs, name)
			}
		}
		if v, ok := flagValue(args, "bots"); ok {
			for _, b := range strings.Split(v, ",") {
				if !regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(b) + `\s`).MatchString(text) {
					t.Errorf("%s: bot %q is not a built-in bot of arena run", what, b)
				}
			}
		}
		if v, ok := flagValue(args, "scenarios"); ok {
			list := help(t, bin, "scenarios")
			for _, s := range strings.Split(v, ",") {
				name, _, _ := strings.Cut(s, ":")
				if !regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(name) + `\s`).MatchString(list) {
					t.Errorf("%s: scenario %q is not in 'arena scenarios'", what, name)
				}
			}
		}
	}

	check("Dockerfile ENTRYPOINT and CMD", img.entrypoint[:1], img.entrypoint[1:])
	ours := 0
	for _, o := range load(t) {
		for _, c := range o.Spec.Template.Spec.Containers {
			if name, _, _ := strings.Cut(c.Image, ":"); name == imageName {
				ours++
				check(o.file+": "+o.Kind+" "+o.Metadata.Name+" container "+c.Name, c.Command, c.Args)
			}
		}
	}
	if ours < 2 {
		t.Errorf("%d containers run the image %s, want the env servers and the arena workers", ours, imageName)
	}

	t.Run("EnvServerStarts", func(t *testing.T) {
		ss := find(t, load(t), "StatefulSet", "envserver")
		c := ss.Spec.Template.Spec.Containers[0]
		tok := filepath.Join(t.TempDir(), "token")
		if err := os.WriteFile(tok, []byte("secret\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		// The manifest's flags, with a free local port and the token in a temporary file.
		var args []string
		for _, a := range c.Args {
			switch name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); name {
			case "listen":
				a = "--listen=127.0.0.1:0"
			case "token-file":
				a = "--token-file=" + tok
			}
			args = append(args, a)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, bins[c.Command[0]], args...)
		logFile, err := os.Create(filepath.Join(t.TempDir(), "envserver.log"))
		if err != nil {
			t.Fatal(err)
		}
		defer logFile.Close()
		cmd.Stderr, cmd.Stdout = logFile, logFile
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		log := logReader(logFile.Name())
		deadline := time.Now().Add(20 * time.Second)
		for !strings.Contains(log.String(), `"msg":"serving"`) {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("envserver %v did not serve within 20 s:\n%s", args, log.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("envserver %v: %v after SIGTERM:\n%s", args, err, log.String())
		}
		if !strings.Contains(log.String(), `"auth":true`) {
			t.Errorf("envserver did not require the token of --token-file:\n%s", log.String())
		}
	})
}

// logReader reads a log file a process is writing.
type logReader string

// String returns what the file holds now.
func (l logReader) String() string {
	b, _ := os.ReadFile(string(l))
	return string(b)
}
