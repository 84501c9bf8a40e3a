package envrpc

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"

	"github.com/flickarena/flickarena/env"
)

// requestError is a request the server refuses before touching any game: a
// gRPC code and a message that names the offending field by its path in the
// request ("step.continuous", "config.num_envs"), and, for a fault of one
// env's row, that env and the part of the row.
type requestError struct {
	code  codes.Code
	field string
	msg   string
	env   int    // the env whose row is at fault, or -1
	part  string // the part of the row ("column 2"), with env
}

// Error implements error.
func (e *requestError) Error() string { return e.field + ": " + e.msg }

// invalidf returns an InvalidArgument requestError for field.
func invalidf(field, format string, args ...any) error {
	return &requestError{codes.InvalidArgument, field, fmt.Sprintf(format, args...), -1, ""}
}

// rowInvalidf returns an InvalidArgument requestError for part of env i's
// row of field; the message names neither (format says them).
func rowInvalidf(field string, i int, part, format string, args ...any) error {
	return &requestError{codes.InvalidArgument, field, fmt.Sprintf(format, args...), i, part}
}

// notFoundf returns a NotFound requestError for field.
func notFoundf(field, format string, args ...any) error {
	return &requestError{codes.NotFound, field, fmt.Sprintf(format, args...), -1, ""}
}

// exhaustedf returns a ResourceExhausted requestError for field.
func exhaustedf(field, format string, args ...any) error {
	return &requestError{codes.ResourceExhausted, field, fmt.Sprintf(format, args...), -1, ""}
}

// errServerClosed is returned by every call after Close.
var errServerClosed = &requestError{codes.Unavailable, "server", "shutting down", -1, ""}

// ErrorDomain is the domain of the google.rpc.ErrorInfo details of the
// server's errors.
const ErrorDomain = "flickarena.v1"

// The reasons of the server's google.rpc.ErrorInfo details: the error
// concerns one env, named by the metadata key "env".
const (
	// ReasonIllegalAction: env's action (or a value of its row) is refused;
	// metadata "part" names the action part.
	ReasonIllegalAction = "ILLEGAL_ACTION"
	// ReasonEnvNotReset: env was never reset; call Reset first.
	ReasonEnvNotReset = "ENV_NOT_RESET"
	// ReasonEpisodeOver: env's episode is over with autoreset disabled.
	ReasonEpisodeOver = "EPISODE_OVER"
)

// fieldPath returns the path of field, with env i's row when i ≥ 0:
// "step.discrete[3]".
func fieldPath(field string, i int) string {
	if i < 0 {
		return field
	}
	return field + "[" + strconv.Itoa(i) + "]"
}

// badRequest returns the google.rpc.BadRequest of a refused field (env
// i's row of it when i ≥ 0).
func badRequest(field string, i int, desc string) *errdetails.BadRequest {
	return &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: fieldPath(field, i), Description: desc}}}
}

// envInfo returns the google.rpc.ErrorInfo of an error of env i: reason,
// the request field, and the action part when not empty.
func envInfo(reason string, i int, field, part string) *errdetails.ErrorInfo {
	md := map[string]string{"env": strconv.Itoa(i), "field": field}
	if part != "" {
		md["part"] = part
	}
	return &errdetails.ErrorInfo{Reason: reason, Domain: ErrorDomain, Metadata: md}
}

// detailed returns a status error of code and msg with details (standard
// google.rpc messages).
func detailed(code codes.Code, msg string, details ...protoadapt.MessageV1) error {
	st := status.New(code, msg)
	if d, err := st.WithDetails(details...); err == nil {
		st = d
	}
	return st.Err()
}

// requestStatus returns the status of a refused request: its code and
// message, with a BadRequest naming its field when it is InvalidArgument,
// and an ErrorInfo when it is a fault of one env's row.
func requestStatus(re *requestError) error {
	if re.code != codes.InvalidArgument {
		return status.Error(re.code, re.Error())
	}
	details := []protoadapt.MessageV1{badRequest(re.field, re.env, re.msg)}
	if re.env >= 0 {
		details = append(details, envInfo(ReasonIllegalAction, re.env, re.field, re.part))
	}
	return detailed(re.code, re.Error(), details...)
}

// toStatus turns err into a gRPC status error. It is the one place where
// the server's and the env package's errors become codes:
//
//   - a refused request keeps its code (InvalidArgument, NotFound,
//     ResourceExhausted, Unavailable), with a google.rpc.BadRequest naming
//     the field when it is InvalidArgument;
//   - a call cut short by the end of its context (an *interruptedError) has
//     that context's code (DeadlineExceeded, Canceled), or ResourceExhausted
//     when the server's CPU budget of one call ended it, and a later call
//     refused because the pool is still interrupted is FailedPrecondition;
//   - a fault of the pool's opponent (an *opponentError: its error, illegal
//     action or silence) is Internal naming the opponent and the env, and so
//     is a fault of the pool's teacher (a *teacherError);
//   - an illegal action (*env.ActionError) is InvalidArgument, naming field
//     (the request field that carried it), the env and the action part, in
//     its message and in its details (a google.rpc.BadRequest for the env's
//     row of field, a google.rpc.ErrorInfo ReasonIllegalAction);
//   - stepping an env that is not reset, or whose episode is over with
//     autoreset disabled, is FailedPrecondition, with a google.rpc.ErrorInfo
//     (ReasonEnvNotReset, ReasonEpisodeOver) naming the env;
//   - a game that failed (*env.EnvError with the game's error or panic, or a
//     panicking factory) is Internal, naming the env; the error is logged;
//   - a closed pool is NotFound; a cancelled or expired context keeps its
//     code;
//   - anything else is Internal with a generic message, and the real error
//     is logged.
func (s *Server) toStatus(err error, field string) error {
	var (
		re *requestError
		ae *env.ActionError
		ee *env.EnvError
		gp *gamePanic
		oe *opponentError
		te *teacherError
		ie *interruptedError
		be *budgetError
	)
	switch {
	case err == nil:
		return nil
	case errors.As(err, &re):
		return requestStatus(re)
	case errors.As(err, &ie) && ie.again:
		return status.Errorf(codes.FailedPrecondition, "%s: %v", field, ie)
	case errors.As(err, &be):
		return status.Errorf(codes.ResourceExhausted, "%s: %v", field, err)
	case errors.As(err, &ie):
		return status.Errorf(status.FromContextError(ie.cause).Code(), "%s: %v", field, ie)
	case errors.As(err, &oe):
		s.log.Error("opponent failed", "opponent", oe.name, "err", err.Error())
		return status.Errorf(codes.Internal, "%s: env %d: opponent %q failed (the server's opponent, not the request): %v",
			field, oe.ee.Env, oe.name, oe.ee.Err)
	case errors.As(err, &te):
		s.log.Error("teacher failed", "teacher", te.name, "err", err.Error())
		return status.Errorf(codes.Internal, "%s: env %d: teacher %q failed (the server's teacher, not the request): %v",
			field, te.ee.Env, te.name, te.ee.Err)
	case errors.As(err, &ae):
		desc := fmt.Sprintf("%s: %s", ae.Field, ae.Reason)
		return detailed(codes.InvalidArgument, fmt.Sprintf("%s: env %d: %s", field, ae.Env, desc),
			badRequest(field, ae.Env, desc), envInfo(ReasonIllegalAction, ae.Env, field, ae.Field))
	case errors.Is(err, env.ErrNotReset) && errors.As(err, &ee):
		return detailed(codes.FailedPrecondition, fmt.Sprintf("%s: env %d is not reset: call Reset first", field, ee.Env),
			envInfo(ReasonEnvNotReset, ee.Env, field, ""))
	case errors.Is(err, env.ErrEpisodeOver) && errors.As(err, &ee):
		return detailed(codes.FailedPrecondition, fmt.Sprintf("%s: env %d: episode over and autoreset disabled: reset it with a masked Reset first", field, ee.Env),
			envInfo(ReasonEpisodeOver, ee.Env, field, ""))
	case errors.As(err, &ee):
		s.log.Error("game failed", "err", err.Error())
		return status.Errorf(codes.Internal, "env %d: %s: game failed: %v", ee.Env, ee.Op, ee.Err)
	case errors.As(err, &gp):
		s.log.Error("game failed", "err", err.Error())
		return status.Errorf(codes.Internal, "%s: %v", field, gp)
	case errors.Is(err, env.ErrClosed):
		return status.Error(codes.NotFound, "pool_id: pool closed")
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return status.FromContextError(err).Err()
	}
	s.log.Error("internal error", "err", err.Error())
	return status.Error(codes.Internal, "internal error (see the server log)")
}
