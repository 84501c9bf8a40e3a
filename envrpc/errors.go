package envrpc

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env"
)

// requestError is a request the server refuses before touching any game: a
// gRPC code and a message that names the offending field by its path in the
// request ("step.continuous", "config.num_envs").
type requestError struct {
	code  codes.Code
	field string
	msg   string
}

// Error implements error.
func (e *requestError) Error() string { return e.field + ": " + e.msg }

// invalidf returns an InvalidArgument requestError for field.
func invalidf(field, format string, args ...any) error {
	return &requestError{codes.InvalidArgument, field, fmt.Sprintf(format, args...)}
}

// notFoundf returns a NotFound requestError for field.
func notFoundf(field, format string, args ...any) error {
	return &requestError{codes.NotFound, field, fmt.Sprintf(format, args...)}
}

// exhaustedf returns a ResourceExhausted requestError for field.
func exhaustedf(field, format string, args ...any) error {
	return &requestError{codes.ResourceExhausted, field, fmt.Sprintf(format, args...)}
}

// errServerClosed is returned by every call after Close.
var errServerClosed = &requestError{codes.Unavailable, "server", "shutting down"}

// toStatus turns err into a gRPC status error. It is the one place where
// the server's and the env package's errors become codes:
//
//   - a refused request keeps its code (InvalidArgument, NotFound,
//     ResourceExhausted, Unavailable);
//   - a call cut short by the end of its context (an *interruptedError) has
//     that context's code (DeadlineExceeded, Canceled), or ResourceExhausted
//     when the server's CPU budget of one call ended it, and a later call
//     refused because the pool is still interrupted is FailedPrecondition;
//   - a fault of the pool's opponent (an *opponentError: its error, illegal
//     action or silence) is Internal naming the opponent and the env, and so
//     is a fault of the pool's teacher (a *teacherError);
//   - an illegal action (*env.ActionError) is InvalidArgument, naming field
//     (the request field that carried it), the env and the action part;
//   - stepping an env that is not reset, or whose episode is over with
//     autoreset disabled, is FailedPrecondition;
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
		return status.Error(re.code, re.Error())
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
		return status.Errorf(codes.InvalidArgument, "%s: env %d: %s: %s", field, ae.Env, ae.Field, ae.Reason)
	case errors.Is(err, env.ErrNotReset) && errors.As(err, &ee):
		return status.Errorf(codes.FailedPrecondition, "%s: env %d is not reset: call Reset first", field, ee.Env)
	case errors.Is(err, env.ErrEpisodeOver) && errors.As(err, &ee):
		return status.Errorf(codes.FailedPrecondition, "%s: env %d: episode over and autoreset disabled: reset it with a masked Reset first", field, ee.Env)
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
