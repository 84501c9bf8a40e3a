// flicks: the physics benchmark of Flickarena on native Box2D 2.4 (Debian's libbox2d-dev),
// to measure what the Go port (github.com/ByteArena/box2d) costs. It reads the workload that
// `go run ./benchmarks/native/scene` writes (the reference town, its pieces, the physics
// configuration and the flicks of package flickbench) and runs every flick until rest with the
// step rules of the Go simulator, then prints flicks per second and per-flick counts that can
// be checked against the Go benchmark's.
//
// Rules (-rules):
//   v1           the Go simulator before issue 17: one friction joint per piece to a ground
//                body, every piece built into a fresh world per flick, each step sized so
//                that the fastest piece moves StepTravel cm (within MinStep..MaxStep).
//   v2           the Go simulator since issue 17: table friction applied by the program as a
//                constant deceleration, half a step before Box2D's step and half after;
//                pieces enter the world when something moving comes within 4 cm of them;
//                pieces far from everything step up to OpenTravel cm; a piece stopped dead
//                that touches nothing goes to sleep at once.
// Both use the same rest, knock-over (PostSolve normal impulse) and off-table rules, and the
// same units (cm, g, s). Box2D 2.4's own recommended fixed 1/60 s step cannot run this scene:
// Debian's library is compiled with b2_lengthUnitsPerMeter = 1, so a step moves a body at
// most b2_maxTranslation = 2 length units, which caps speeds at 120 cm/s at 1/60 s (and in
// metres the pieces would be far below its smallest recommended size).
//
// Usage: flicks -scene FILE [-rules v1|v2] [-rounds N] [-flicks N]
//
// This file is ours (Flickarena); it links against the system's Box2D and copies none of it.

#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Config {
  double maxSpeed, gravity, knock, stepTravel, openTravel, minStep, maxStep, restSpeed, restSpin;
  int restSteps;
  double maxTime;
  int velIters, posIters;
};

enum Shape { kCircle, kBox, kOctagon };

struct Spec {
  std::string name;
  Shape shape;
  double radius, halfLength, halfWidth, height, mass, tableFriction, friction, restitution;
  bool topples;
  // extent is the farthest point of the standing outline from the origin, cm.
  double extent() const { return shape == kBox ? std::hypot(halfLength, halfWidth) : radius; }
};

struct Piece {
  int kind;
  double x, y, angle;
  bool fallen, fixed;
};

struct Shot {
  int kind;
  double x, y, vx, vy;
};

struct Scene {
  Config cfg;
  double width, height;
  std::vector<Spec> specs;  // indexed by kind
  std::vector<Piece> town;
  std::vector<Shot> shots;
};

// readScene parses the text written by benchmarks/native/scene.
bool readScene(const char* path, Scene* sc, std::string* err) {
  std::ifstream in(path);
  if (!in) {
    *err = std::string("cannot open ") + path;
    return false;
  }
  std::string line;
  int n = 0;
  bool haveConfig = false, haveTable = false;
  while (std::getline(in, line)) {
    n++;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string tag;
    f >> tag;
    bool ok = true;
    if (tag == "config") {
      Config& c = sc->cfg;
      ok = bool(f >> c.maxSpeed >> c.gravity >> c.knock >> c.stepTravel >> c.openTravel >> c.minStep >> c.maxStep >>
                c.restSpeed >> c.restSpin >> c.restSteps >> c.maxTime >> c.velIters >> c.posIters);
      haveConfig = ok;
    } else if (tag == "table") {
      ok = bool(f >> sc->width >> sc->height);
      haveTable = ok;
    } else if (tag == "kind") {
      int k, topples;
      std::string shape;
      Spec s;
      ok = bool(f >> k >> s.name >> shape >> s.radius >> s.halfLength >> s.halfWidth >> s.height >> s.mass >>
                s.tableFriction >> s.friction >> s.restitution >> topples);
      if (ok) {
        if (shape == "circle") s.shape = kCircle;
        else if (shape == "box") s.shape = kBox;
        else if (shape == "octagon") s.shape = kOctagon;
        else ok = false;
        s.topples = topples != 0;
        if (k < 0 || k > 1000) ok = false;
      }
      if (ok) {
        if (int(sc->specs.size()) <= k) sc->specs.resize(k + 1);
        sc->specs[k] = s;
      }
    } else if (tag == "piece") {
      Piece p;
      int fallen, fixed;
      ok = bool(f >> p.kind >> p.x >> p.y >> p.angle >> fallen >> fixed);
      p.fallen = fallen != 0;
      p.fixed = fixed != 0;
      if (ok) sc->town.push_back(p);
    } else if (tag == "flick") {
      Shot s;
      ok = bool(f >> s.kind >> s.x >> s.y >> s.vx >> s.vy);
      if (ok) sc->shots.push_back(s);
    } else {
      ok = false;
    }
    if (!ok) {
      *err = std::string(path) + ":" + std::to_string(n) + ": bad record: " + line;
      return false;
    }
  }
  auto known = [&](int k) { return k >= 0 && k < int(sc->specs.size()) && !sc->specs[k].name.empty(); };
  for (const Piece& p : sc->town)
    if (!known(p.kind)) {
      *err = "piece of unknown kind " + std::to_string(p.kind);
      return false;
    }
  for (const Shot& s : sc->shots)
    if (!known(s.kind)) {
      *err = "flick of unknown kind " + std::to_string(s.kind);
      return false;
    }
  if (!haveConfig || !haveTable || sc->shots.empty()) {
    *err = std::string(path) + ": needs a config, a table and at least one flick";
    return false;
  }
  return true;
}

enum Rules { kV1, kV2 };

// Box is an axis-aligned bounding box, cm.
struct Box {
  double lx, ly, hx, hy;
  double dist2(const Box& o) const {
    double dx = std::max({0.0, lx - o.hx, o.lx - hx});
    double dy = std::max({0.0, ly - o.hy, o.ly - hy});
    return dx * dx + dy * dy;
  }
};

Box boxOf(const b2AABB& a) { return Box{a.lowerBound.x, a.lowerBound.y, a.upperBound.x, a.upperBound.y}; }

// Totals are the per-flick counts summed over a round, to check against the Go benchmark.
struct Totals {
  long steps = 0, contacts = 0, falls = 0, off = 0, capped = 0;
};

const double kAdmitReach = 4.0;  // cm, as physics.admitReach

class Sim;

class Listener : public b2ContactListener {
 public:
  explicit Listener(Sim* s) : s_(s) {}
  void BeginContact(b2Contact* c) override;
  void PostSolve(b2Contact* c, const b2ContactImpulse* imp) override;

 private:
  Sim* s_;
};

struct Fall {
  int piece, by;
};

class Sim {
 public:
  Sim(const Scene& sc, Rules rules) : sc_(sc), cfg_(sc.cfg), rules_(rules), listener_(this) {}

  // flick runs one flick from the town and adds its counts to t.
  void flick(const Shot& shot, Totals* t);

 private:
  friend class Listener;

  void build();
  void admit(int i);
  void create(int i);
  void attach(int i, bool fallen);
  void plan(double* vmax, double* dt);
  void slow(double h);
  void afterStep();
  void settle();
  void topple(const Fall& f);
  bool dynamicAwake(b2Body* b) const { return b && b->GetType() == b2_dynamicBody && b->IsAwake(); }
  Box stateBox(const Piece& p) const;

  const Scene& sc_;
  const Config& cfg_;
  Rules rules_;
  Listener listener_;

  b2World* world_ = nullptr;
  b2Body* ground_ = nullptr;
  std::vector<Piece> pieces_;  // the town plus the flicked disc
  std::vector<b2Body*> bodies_;
  std::vector<b2Joint*> joints_;
  std::vector<double> linear_, angular_, reach_;
  std::vector<bool> standing_, absent_;
  std::vector<Box> boxes_;
  std::vector<Fall> pending_;
  std::vector<char> touched_;  // n×n first-touch flags
  std::vector<int> near_, queue_;
  double now_ = 0;
  long contacts_ = 0, falls_ = 0, off_ = 0;
};

void Listener::BeginContact(b2Contact* c) {
  int a = int(c->GetFixtureA()->GetBody()->GetUserData().pointer);
  int b = int(c->GetFixtureB()->GetBody()->GetUserData().pointer);
  size_t n = s_->pieces_.size();
  if (a > b) std::swap(a, b);
  char& t = s_->touched_[size_t(a) * n + size_t(b)];
  if (t) return;
  t = 1;
  b2WorldManifold wm;
  c->GetWorldManifold(&wm);  // computed as the Go simulator does, for the same cost
  s_->contacts_++;
}

void Listener::PostSolve(b2Contact* c, const b2ContactImpulse* imp) {
  int a = int(c->GetFixtureA()->GetBody()->GetUserData().pointer);
  int b = int(c->GetFixtureB()->GetBody()->GetUserData().pointer);
  if (!s_->standing_[a] && !s_->standing_[b]) return;
  double total = 0;
  for (int k = 0; k < imp->count; k++) total += imp->normalImpulses[k];
  if (!(total > s_->cfg_.knock)) return;
  for (Fall f : {Fall{a, b}, Fall{b, a}}) {
    if (!s_->standing_[f.piece]) continue;
    bool queued = false;
    for (const Fall& p : s_->pending_) queued = queued || p.piece == f.piece;
    if (!queued) s_->pending_.push_back(f);
  }
}

Box Sim::stateBox(const Piece& p) const {
  const Spec& s = sc_.specs[p.kind];
  double cx = p.x, cy = p.y, hx, hy, a = p.angle;
  bool box = s.shape == kBox;
  if (p.fallen) {
    double hl = s.height / 2;
    cx += (hl - s.radius) * std::cos(a);
    cy += (hl - s.radius) * std::sin(a);
    hx = hl;
    hy = s.radius;
    box = true;
  } else {
    hx = s.halfLength;
    hy = s.halfWidth;
  }
  if (!box) return Box{cx - s.radius, cy - s.radius, cx + s.radius, cy + s.radius};
  double sn = std::sin(a), cs = std::cos(a);
  double ex = std::fabs(hx * cs) + std::fabs(hy * sn), ey = std::fabs(hx * sn) + std::fabs(hy * cs);
  return Box{cx - ex, cy - ey, cx + ex, cy + ey};
}

void Sim::build() {
  world_ = new b2World(b2Vec2(0, 0));
  world_->SetContinuousPhysics(false);  // as the Go simulator: the step size prevents tunnelling
  world_->SetContactListener(&listener_);
  if (rules_ == kV2) world_->SetAutoClearForces(false);
  size_t n = pieces_.size();
  bodies_.assign(n, nullptr);
  joints_.assign(n, nullptr);
  linear_.assign(n, 0);
  angular_.assign(n, 0);
  reach_.assign(n, 0);
  standing_.assign(n, false);
  absent_.assign(n, false);
  boxes_.resize(n);
  touched_.assign(n * n, 0);
  pending_.clear();
  now_ = 0;
  if (rules_ != kV2) {
    b2BodyDef gd;
    ground_ = world_->CreateBody(&gd);
    for (size_t i = 0; i < n; i++) create(int(i));
    return;
  }
  for (size_t i = 0; i < n; i++) {
    boxes_[i] = stateBox(pieces_[i]);
    absent_[i] = true;
  }
}

// admit puts piece i into the world with every absent piece within kAdmitReach of it, and so
// on from those (rules v2).
void Sim::admit(int i) {
  queue_.assign(1, i);
  absent_[i] = false;
  while (!queue_.empty()) {
    int k = queue_.back();
    queue_.pop_back();
    create(k);
    for (size_t j = 0; j < pieces_.size(); j++) {
      if (!absent_[j]) continue;
      Box near = boxes_[k];
      near.lx -= kAdmitReach;
      near.ly -= kAdmitReach;
      near.hx += kAdmitReach;
      near.hy += kAdmitReach;
      const Box& o = boxes_[j];
      if (near.lx <= o.hx && o.lx <= near.hx && near.ly <= o.hy && o.ly <= near.hy) {
        absent_[j] = false;
        queue_.push_back(int(j));
      }
    }
  }
}

void Sim::create(int i) {
  const Piece& p = pieces_[i];
  b2BodyDef def;
  def.position.Set(p.x, p.y);
  def.angle = p.angle;
  def.userData.pointer = uintptr_t(i);
  def.awake = false;
  def.type = p.fixed ? b2_staticBody : b2_dynamicBody;
  bodies_[i] = world_->CreateBody(&def);
  standing_[i] = sc_.specs[p.kind].topples && !p.fallen;
  attach(i, p.fallen);
}

void Sim::attach(int i, bool fallen) {
  const Spec& spec = sc_.specs[pieces_[i].kind];
  b2Body* body = bodies_[i];
  b2FixtureDef fd;
  fd.friction = spec.friction;
  fd.restitution = spec.restitution;
  b2CircleShape circle;
  b2PolygonShape poly;
  double area;
  reach_[i] = spec.extent();
  if (fallen) {
    double hl = spec.height / 2;
    poly.SetAsBox(hl, spec.radius, b2Vec2(hl - spec.radius, 0), 0);
    fd.shape = &poly;
    area = spec.height * 2 * spec.radius;
    reach_[i] = std::hypot(hl, spec.radius);
  } else if (spec.shape == kCircle) {
    circle.m_radius = spec.radius;
    fd.shape = &circle;
    area = M_PI * spec.radius * spec.radius;
  } else if (spec.shape == kBox) {
    poly.SetAsBox(spec.halfLength, spec.halfWidth);
    fd.shape = &poly;
    area = 4 * spec.halfLength * spec.halfWidth;
  } else {
    b2Vec2 vs[8];
    for (int k = 0; k < 8; k++) vs[k].Set(spec.radius * std::cos(k * M_PI / 4), spec.radius * std::sin(k * M_PI / 4));
    poly.Set(vs, 8);
    fd.shape = &poly;
    area = 2 * std::sqrt(2.0) * spec.radius * spec.radius;
  }
  fd.density = spec.mass / area;
  body->CreateFixture(&fd);
  if (body->GetType() != b2_dynamicBody) return;
  double force = spec.tableFriction * spec.mass * cfg_.gravity;
  double torque = force * (2.0 / 3.0) * spec.extent();
  if (rules_ == kV2) {
    b2Vec2 lc = body->GetLocalCenter();
    double ic = body->GetInertia() - body->GetMass() * b2Dot(lc, lc);
    linear_[i] = force / body->GetMass();
    angular_[i] = torque / ic;
    return;
  }
  b2FrictionJointDef jd;
  jd.bodyA = ground_;
  jd.bodyB = body;
  jd.localAnchorA = body->GetWorldCenter();
  jd.localAnchorB = body->GetLocalCenter();
  jd.maxForce = force;
  jd.maxTorque = torque;
  joints_[i] = world_->CreateJoint(&jd);
}

void Sim::plan(double* vmax, double* dt) {
  *vmax = 0;
  if (rules_ != kV2) {
    for (size_t i = 0; i < bodies_.size(); i++) {
      b2Body* b = bodies_[i];
      if (!dynamicAwake(b)) continue;
      double speed = b->GetLinearVelocity().Length();
      double w = std::fabs(b->GetAngularVelocity());
      if (w > cfg_.restSpin) speed += w * sc_.specs[pieces_[i].kind].extent();
      *vmax = std::max(*vmax, speed);
    }
    *dt = cfg_.maxStep;
    if (*vmax > 0) *dt = std::min(cfg_.maxStep, std::max(cfg_.minStep, cfg_.stepTravel / *vmax));
    return;
  }
  *dt = cfg_.maxStep;
  near_.clear();
  for (size_t i = 0; i < bodies_.size(); i++) {
    b2Body* b = bodies_[i];
    if (!dynamicAwake(b)) continue;
    Box bb = boxOf(b->GetFixtureList()->GetAABB(0));
    double best = std::numeric_limits<double>::infinity();
    for (size_t j = 0; j < bodies_.size(); j++) {
      if (!bodies_[j] || j == i) continue;
      best = std::min(best, bb.dist2(boxOf(bodies_[j]->GetFixtureList()->GetAABB(0))));
    }
    for (size_t j = 0; j < bodies_.size(); j++) {
      if (!absent_[j]) continue;
      double d = bb.dist2(boxes_[j]);
      best = std::min(best, d);
      if (d <= kAdmitReach * kAdmitReach) near_.push_back(int(j));
    }
    double clear = std::sqrt(best);
    double speed = b->GetLinearVelocity().Length();
    double w = std::fabs(b->GetAngularVelocity());
    double rim = w * reach_[i];
    double rest = speed + (w > cfg_.restSpin ? rim : 0);
    *vmax = std::max(*vmax, rest);
    double move = speed + rim;
    if (move == 0) continue;
    double travel = cfg_.stepTravel;
    if (cfg_.openTravel > travel && move * *dt > travel) {
      double px = b->GetPosition().x, py = b->GetPosition().y;
      double edge = std::min({px, py, sc_.width - px, sc_.height - py});
      travel = std::max(travel, std::min({cfg_.openTravel, edge, clear / 2}));
    }
    *dt = std::min(*dt, travel / move);
  }
  for (int j : near_)
    if (!bodies_[j]) admit(j);
  *dt = std::max(*dt, cfg_.minStep);
}

void Sim::slow(double h) {
  for (size_t i = 0; i < bodies_.size(); i++) {
    b2Body* b = bodies_[i];
    if (!dynamicAwake(b)) continue;
    b2Vec2 v = b->GetLinearVelocity();
    double speed = v.Length();
    if (speed > 0) {
      double dv = linear_[i] * h;
      if (dv >= speed) b->SetLinearVelocity(b2Vec2(0, 0));
      else b->SetLinearVelocity((1 - dv / speed) * v);
    }
    double w = b->GetAngularVelocity();
    if (w != 0) {
      double dw = angular_[i] * h;
      if (std::fabs(w) <= dw) b->SetAngularVelocity(0);
      else b->SetAngularVelocity(w > 0 ? w - dw : w + dw);
    }
  }
}

void Sim::topple(const Fall& f) {
  b2Body* b = bodies_[f.piece];
  if (!b || !standing_[f.piece]) return;
  standing_[f.piece] = false;
  falls_++;
  b2Vec2 dir = b->GetPosition();
  if (b2Body* o = bodies_[f.by]) dir = b->GetPosition() - o->GetPosition();
  double angle = std::atan2(dir.y, dir.x);
  b2Vec2 v = b->GetLinearVelocity();
  double w = b->GetAngularVelocity();
  if (joints_[f.piece]) {
    world_->DestroyJoint(joints_[f.piece]);
    joints_[f.piece] = nullptr;
  }
  b->DestroyFixture(b->GetFixtureList());
  b->SetTransform(b->GetPosition(), angle);
  attach(f.piece, true);
  b->SetLinearVelocity(v);
  b->SetAngularVelocity(w);
}

void Sim::afterStep() {
  for (const Fall& f : pending_) topple(f);
  pending_.clear();
  for (size_t i = 0; i < bodies_.size(); i++) {
    b2Body* b = bodies_[i];
    if (!b || !b->IsAwake() || b->GetType() == b2_staticBody) continue;
    b2Vec2 p = b->GetPosition();
    if (p.x >= 0 && p.y >= 0 && p.x <= sc_.width && p.y <= sc_.height) continue;
    off_++;
    world_->DestroyBody(b);  // also destroys its joint and contacts
    bodies_[i] = nullptr;
    joints_[i] = nullptr;
    standing_[i] = false;
  }
}

// touchesNow: whether contact c's fixtures touch where the step left their bodies (the
// contact's flag dates from the step's start), as physics/sim.go's touchesNow.
static bool touchesNow(b2Contact* c) {
  b2Manifold m;
  c->Evaluate(&m, c->GetFixtureA()->GetBody()->GetTransform(), c->GetFixtureB()->GetBody()->GetTransform());
  return m.pointCount > 0;
}

void Sim::settle() {
  for (b2Body* b : bodies_) {
    if (!dynamicAwake(b) || b->GetLinearVelocity() != b2Vec2(0, 0) || b->GetAngularVelocity() != 0) continue;
    bool touching = false;
    for (b2ContactEdge* ce = b->GetContactList(); ce && !touching; ce = ce->next) {
      touching = ce->contact->IsTouching() || touchesNow(ce->contact);
    }
    if (!touching) b->SetAwake(false);
  }
}

void Sim::flick(const Shot& shot, Totals* t) {
  pieces_ = sc_.town;
  pieces_.push_back(Piece{shot.kind, shot.x, shot.y, 0, false, false});
  int disc = int(pieces_.size()) - 1;
  contacts_ = falls_ = off_ = 0;
  build();
  if (rules_ == kV2) admit(disc);
  b2Body* b = bodies_[disc];
  b2Vec2 v(shot.vx, shot.vy);
  double len = v.Length();
  if (len > cfg_.maxSpeed) v *= cfg_.maxSpeed / len;
  b->SetAwake(true);
  b->SetLinearVelocity(v);
  int quiet = 0;
  long steps = 0;
  for (;;) {
    double vmax, dt;
    plan(&vmax, &dt);
    quiet = vmax < cfg_.restSpeed ? quiet + 1 : 0;
    if (quiet >= cfg_.restSteps) break;
    if (now_ >= cfg_.maxTime) {
      t->capped++;
      break;
    }
    if (rules_ == kV2) slow(dt / 2);
    world_->Step(dt, cfg_.velIters, cfg_.posIters);
    if (rules_ == kV2) slow(dt / 2);
    now_ += dt;
    steps++;
    afterStep();
    if (rules_ == kV2) settle();
  }
  delete world_;
  world_ = nullptr;
  t->steps += steps;
  t->contacts += contacts_;
  t->falls += falls_;
  t->off += off_;
}

double cpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void usage() {
  std::fprintf(stderr,
               "Usage: flicks -scene FILE [-rules v1|v2] [-rounds N] [-flicks N]\n\n"
               "Runs the Flickarena physics benchmark's flicks (FILE from `go run ./benchmarks/native/scene`)\n"
               "on native Box2D %d.%d.%d and prints flicks/s (wall clock and process CPU time) per round,\n"
               "with the steps, first contacts, falls and pieces off the table per flick.\n\n"
               "  -scene FILE   the workload (required)\n"
               "  -rules R      v1 or v2 (default v2); see the top of flicks.cc\n"
               "  -rounds N     rounds over the flicks (default 5)\n"
               "  -flicks N     use the first N flicks of the file (default all)\n",
               b2_version.major, b2_version.minor, b2_version.revision);
}

}  // namespace

int main(int argc, char** argv) {
  const char* scenePath = nullptr;
  Rules rules = kV2;
  const char* rulesName = "v2";
  long rounds = 5, limit = -1;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "-h" || a == "-help" || a == "--help") {
      usage();
      return 0;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "flicks: %s: missing value\n", a.c_str());
      usage();
      return 2;
    }
    std::string v = argv[++i];
    char* end = nullptr;
    if (a == "-scene") {
      scenePath = argv[i];
    } else if (a == "-rules") {
      if (v == "v1") rules = kV1;
      else if (v == "v2") rules = kV2;
      else {
        std::fprintf(stderr, "flicks: -rules %s: want v1 or v2\n", v.c_str());
        return 2;
      }
      rulesName = argv[i];
    } else if (a == "-rounds" || a == "-flicks") {
      long n = std::strtol(v.c_str(), &end, 10);
      if (*end != 0 || n < 1) {
        std::fprintf(stderr, "flicks: %s %s: want a positive integer\n", a.c_str(), v.c_str());
        return 2;
      }
      (a == "-rounds" ? rounds : limit) = n;
    } else {
      std::fprintf(stderr, "flicks: unknown flag %s\n", a.c_str());
      usage();
      return 2;
    }
  }
  if (!scenePath) {
    std::fprintf(stderr, "flicks: -scene: required\n");
    usage();
    return 2;
  }
  Scene sc;
  std::string err;
  if (!readScene(scenePath, &sc, &err)) {
    std::fprintf(stderr, "flicks: -scene: %s\n", err.c_str());
    return 1;
  }
  if (limit > 0 && size_t(limit) < sc.shots.size()) sc.shots.resize(size_t(limit));
  std::printf("native Box2D %d.%d.%d, rules %s, %zu pieces + the flicked disc, %zu flicks per round\n", b2_version.major,
              b2_version.minor, b2_version.revision, rulesName, sc.town.size(), sc.shots.size());
  Sim sim(sc, rules);
  for (long r = 0; r < rounds; r++) {
    Totals t;
    auto w0 = std::chrono::steady_clock::now();
    double c0 = cpuSeconds();
    for (const Shot& s : sc.shots) sim.flick(s, &t);
    double cpu = cpuSeconds() - c0;
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    double n = double(sc.shots.size());
    std::printf("round %ld: %.0f flicks/s wall, %.0f flicks/s CPU; per flick %.2f steps, %.3f first contacts, %.3f falls, "
                "%.3f off, %.3f capped\n",
                r + 1, n / wall, n / cpu, t.steps / n, t.contacts / n, t.falls / n, t.off / n, t.capped / n);
    std::fflush(stdout);
  }
  return 0;
}
