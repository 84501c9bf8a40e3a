from google.protobuf import any_pb2 as _any_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DTYPE_UNSPECIFIED: _ClassVar[DType]
    DTYPE_BOOL: _ClassVar[DType]
    DTYPE_INT32: _ClassVar[DType]
    DTYPE_INT64: _ClassVar[DType]
    DTYPE_UINT64: _ClassVar[DType]
    DTYPE_FLOAT32: _ClassVar[DType]

class AutoresetMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AUTORESET_MODE_UNSPECIFIED: _ClassVar[AutoresetMode]
    AUTORESET_MODE_NEXT_STEP: _ClassVar[AutoresetMode]
    AUTORESET_MODE_SAME_STEP: _ClassVar[AutoresetMode]
    AUTORESET_MODE_DISABLED: _ClassVar[AutoresetMode]

class View(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VIEW_UNSPECIFIED: _ClassVar[View]
    VIEW_SELF_PLAY: _ClassVar[View]
    VIEW_SINGLE_AGENT: _ClassVar[View]

class AgentSeat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AGENT_SEAT_UNSPECIFIED: _ClassVar[AgentSeat]
    AGENT_SEAT_ZERO: _ClassVar[AgentSeat]
    AGENT_SEAT_ALTERNATE: _ClassVar[AgentSeat]
    AGENT_SEAT_RANDOM: _ClassVar[AgentSeat]

class IllegalMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ILLEGAL_MODE_UNSPECIFIED: _ClassVar[IllegalMode]
    ILLEGAL_MODE_REJECT: _ClassVar[IllegalMode]
    ILLEGAL_MODE_REPLACE: _ClassVar[IllegalMode]

class ActionFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTION_FORMAT_UNSPECIFIED: _ClassVar[ActionFormat]
    ACTION_FORMAT_NATIVE: _ClassVar[ActionFormat]
    ACTION_FORMAT_BOX: _ClassVar[ActionFormat]
    ACTION_FORMAT_MULTI_DISCRETE: _ClassVar[ActionFormat]

class OptionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OPTION_TYPE_UNSPECIFIED: _ClassVar[OptionType]
    OPTION_TYPE_INT: _ClassVar[OptionType]
    OPTION_TYPE_FLOAT: _ClassVar[OptionType]
    OPTION_TYPE_BOOL: _ClassVar[OptionType]
    OPTION_TYPE_STRING: _ClassVar[OptionType]
DTYPE_UNSPECIFIED: DType
DTYPE_BOOL: DType
DTYPE_INT32: DType
DTYPE_INT64: DType
DTYPE_UINT64: DType
DTYPE_FLOAT32: DType
AUTORESET_MODE_UNSPECIFIED: AutoresetMode
AUTORESET_MODE_NEXT_STEP: AutoresetMode
AUTORESET_MODE_SAME_STEP: AutoresetMode
AUTORESET_MODE_DISABLED: AutoresetMode
VIEW_UNSPECIFIED: View
VIEW_SELF_PLAY: View
VIEW_SINGLE_AGENT: View
AGENT_SEAT_UNSPECIFIED: AgentSeat
AGENT_SEAT_ZERO: AgentSeat
AGENT_SEAT_ALTERNATE: AgentSeat
AGENT_SEAT_RANDOM: AgentSeat
ILLEGAL_MODE_UNSPECIFIED: IllegalMode
ILLEGAL_MODE_REJECT: IllegalMode
ILLEGAL_MODE_REPLACE: IllegalMode
ACTION_FORMAT_UNSPECIFIED: ActionFormat
ACTION_FORMAT_NATIVE: ActionFormat
ACTION_FORMAT_BOX: ActionFormat
ACTION_FORMAT_MULTI_DISCRETE: ActionFormat
OPTION_TYPE_UNSPECIFIED: OptionType
OPTION_TYPE_INT: OptionType
OPTION_TYPE_FLOAT: OptionType
OPTION_TYPE_BOOL: OptionType
OPTION_TYPE_STRING: OptionType

class Tensor(_message.Message):
    __slots__ = ("dtype", "shape", "data")
    DTYPE_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    dtype: DType
    shape: _containers.RepeatedScalarFieldContainer[int]
    data: bytes
    def __init__(self, dtype: _Optional[_Union[DType, str]] = ..., shape: _Optional[_Iterable[int]] = ..., data: _Optional[bytes] = ...) -> None: ...

class ObsField(_message.Message):
    __slots__ = ("name", "size", "low", "high", "doc")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    LOW_FIELD_NUMBER: _ClassVar[int]
    HIGH_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    name: str
    size: int
    low: float
    high: float
    doc: str
    def __init__(self, name: _Optional[str] = ..., size: _Optional[int] = ..., low: _Optional[float] = ..., high: _Optional[float] = ..., doc: _Optional[str] = ...) -> None: ...

class ActionHead(_message.Message):
    __slots__ = ("name", "n", "values")
    NAME_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    name: str
    n: int
    values: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., n: _Optional[int] = ..., values: _Optional[_Iterable[str]] = ...) -> None: ...

class ActionDim(_message.Message):
    __slots__ = ("name", "low", "high", "unit")
    NAME_FIELD_NUMBER: _ClassVar[int]
    LOW_FIELD_NUMBER: _ClassVar[int]
    HIGH_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    name: str
    low: float
    high: float
    unit: str
    def __init__(self, name: _Optional[str] = ..., low: _Optional[float] = ..., high: _Optional[float] = ..., unit: _Optional[str] = ...) -> None: ...

class GameSpec(_message.Message):
    __slots__ = ("id", "num_players", "obs", "heads", "dims", "max_episode_steps", "obs_size", "mask_size", "box_size")
    ID_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OBS_FIELD_NUMBER: _ClassVar[int]
    HEADS_FIELD_NUMBER: _ClassVar[int]
    DIMS_FIELD_NUMBER: _ClassVar[int]
    MAX_EPISODE_STEPS_FIELD_NUMBER: _ClassVar[int]
    OBS_SIZE_FIELD_NUMBER: _ClassVar[int]
    MASK_SIZE_FIELD_NUMBER: _ClassVar[int]
    BOX_SIZE_FIELD_NUMBER: _ClassVar[int]
    id: str
    num_players: int
    obs: _containers.RepeatedCompositeFieldContainer[ObsField]
    heads: _containers.RepeatedCompositeFieldContainer[ActionHead]
    dims: _containers.RepeatedCompositeFieldContainer[ActionDim]
    max_episode_steps: int
    obs_size: int
    mask_size: int
    box_size: int
    def __init__(self, id: _Optional[str] = ..., num_players: _Optional[int] = ..., obs: _Optional[_Iterable[_Union[ObsField, _Mapping]]] = ..., heads: _Optional[_Iterable[_Union[ActionHead, _Mapping]]] = ..., dims: _Optional[_Iterable[_Union[ActionDim, _Mapping]]] = ..., max_episode_steps: _Optional[int] = ..., obs_size: _Optional[int] = ..., mask_size: _Optional[int] = ..., box_size: _Optional[int] = ...) -> None: ...

class PoolConfig(_message.Message):
    __slots__ = ("game_id", "num_envs", "options", "autoreset_mode", "view", "opponent", "illegal_mode", "illegal_penalty", "shaping", "max_episode_steps", "action_format", "bins", "observe_all_seats", "opponent_mix", "agent_seat", "env_offset", "teacher")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    NUM_ENVS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    AUTORESET_MODE_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_MODE_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_PENALTY_FIELD_NUMBER: _ClassVar[int]
    SHAPING_FIELD_NUMBER: _ClassVar[int]
    MAX_EPISODE_STEPS_FIELD_NUMBER: _ClassVar[int]
    ACTION_FORMAT_FIELD_NUMBER: _ClassVar[int]
    BINS_FIELD_NUMBER: _ClassVar[int]
    OBSERVE_ALL_SEATS_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_MIX_FIELD_NUMBER: _ClassVar[int]
    AGENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    ENV_OFFSET_FIELD_NUMBER: _ClassVar[int]
    TEACHER_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    num_envs: int
    options: _containers.ScalarMap[str, str]
    autoreset_mode: AutoresetMode
    view: View
    opponent: str
    illegal_mode: IllegalMode
    illegal_penalty: float
    shaping: float
    max_episode_steps: int
    action_format: ActionFormat
    bins: int
    observe_all_seats: bool
    opponent_mix: _containers.RepeatedCompositeFieldContainer[WeightedOpponent]
    agent_seat: AgentSeat
    env_offset: int
    teacher: str
    def __init__(self, game_id: _Optional[str] = ..., num_envs: _Optional[int] = ..., options: _Optional[_Mapping[str, str]] = ..., autoreset_mode: _Optional[_Union[AutoresetMode, str]] = ..., view: _Optional[_Union[View, str]] = ..., opponent: _Optional[str] = ..., illegal_mode: _Optional[_Union[IllegalMode, str]] = ..., illegal_penalty: _Optional[float] = ..., shaping: _Optional[float] = ..., max_episode_steps: _Optional[int] = ..., action_format: _Optional[_Union[ActionFormat, str]] = ..., bins: _Optional[int] = ..., observe_all_seats: _Optional[bool] = ..., opponent_mix: _Optional[_Iterable[_Union[WeightedOpponent, _Mapping]]] = ..., agent_seat: _Optional[_Union[AgentSeat, str]] = ..., env_offset: _Optional[int] = ..., teacher: _Optional[str] = ...) -> None: ...

class WeightedOpponent(_message.Message):
    __slots__ = ("name", "weight")
    NAME_FIELD_NUMBER: _ClassVar[int]
    WEIGHT_FIELD_NUMBER: _ClassVar[int]
    name: str
    weight: float
    def __init__(self, name: _Optional[str] = ..., weight: _Optional[float] = ...) -> None: ...

class PoolSpec(_message.Message):
    __slots__ = ("pool_id", "config", "game", "action_nvec", "content_digest")
    POOL_ID_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    ACTION_NVEC_FIELD_NUMBER: _ClassVar[int]
    CONTENT_DIGEST_FIELD_NUMBER: _ClassVar[int]
    pool_id: str
    config: PoolConfig
    game: GameSpec
    action_nvec: _containers.RepeatedScalarFieldContainer[int]
    content_digest: str
    def __init__(self, pool_id: _Optional[str] = ..., config: _Optional[_Union[PoolConfig, _Mapping]] = ..., game: _Optional[_Union[GameSpec, _Mapping]] = ..., action_nvec: _Optional[_Iterable[int]] = ..., content_digest: _Optional[str] = ...) -> None: ...

class GetServerInfoRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServerInfoResponse(_message.Message):
    __slots__ = ("server_version", "protocol_version", "capabilities", "limits", "games", "opponents", "opponent_info")
    SERVER_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    CAPABILITIES_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    OPPONENTS_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_INFO_FIELD_NUMBER: _ClassVar[int]
    server_version: str
    protocol_version: str
    capabilities: _containers.RepeatedScalarFieldContainer[str]
    limits: ServerLimits
    games: _containers.RepeatedScalarFieldContainer[str]
    opponents: _containers.RepeatedScalarFieldContainer[str]
    opponent_info: _containers.RepeatedCompositeFieldContainer[OpponentInfo]
    def __init__(self, server_version: _Optional[str] = ..., protocol_version: _Optional[str] = ..., capabilities: _Optional[_Iterable[str]] = ..., limits: _Optional[_Union[ServerLimits, _Mapping]] = ..., games: _Optional[_Iterable[str]] = ..., opponents: _Optional[_Iterable[str]] = ..., opponent_info: _Optional[_Iterable[_Union[OpponentInfo, _Mapping]]] = ...) -> None: ...

class OpponentInfo(_message.Message):
    __slots__ = ("name", "games", "help")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    HELP_FIELD_NUMBER: _ClassVar[int]
    name: str
    games: _containers.RepeatedScalarFieldContainer[str]
    help: str
    def __init__(self, name: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ..., help: _Optional[str] = ...) -> None: ...

class ServerLimits(_message.Message):
    __slots__ = ("max_envs_per_pool", "max_pools", "idle_timeout_seconds", "max_message_bytes")
    MAX_ENVS_PER_POOL_FIELD_NUMBER: _ClassVar[int]
    MAX_POOLS_FIELD_NUMBER: _ClassVar[int]
    IDLE_TIMEOUT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    MAX_MESSAGE_BYTES_FIELD_NUMBER: _ClassVar[int]
    max_envs_per_pool: int
    max_pools: int
    idle_timeout_seconds: float
    max_message_bytes: int
    def __init__(self, max_envs_per_pool: _Optional[int] = ..., max_pools: _Optional[int] = ..., idle_timeout_seconds: _Optional[float] = ..., max_message_bytes: _Optional[int] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("id", "spec", "error", "options", "reward_doc", "joint_rule_doc")
    ID_FIELD_NUMBER: _ClassVar[int]
    SPEC_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    REWARD_DOC_FIELD_NUMBER: _ClassVar[int]
    JOINT_RULE_DOC_FIELD_NUMBER: _ClassVar[int]
    id: str
    spec: GameSpec
    error: str
    options: _containers.RepeatedCompositeFieldContainer[OptionSpec]
    reward_doc: str
    joint_rule_doc: str
    def __init__(self, id: _Optional[str] = ..., spec: _Optional[_Union[GameSpec, _Mapping]] = ..., error: _Optional[str] = ..., options: _Optional[_Iterable[_Union[OptionSpec, _Mapping]]] = ..., reward_doc: _Optional[str] = ..., joint_rule_doc: _Optional[str] = ...) -> None: ...

class OptionSpec(_message.Message):
    __slots__ = ("key", "type", "min", "max", "choices", "default_value", "doc")
    KEY_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    MIN_FIELD_NUMBER: _ClassVar[int]
    MAX_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    key: str
    type: OptionType
    min: float
    max: float
    choices: _containers.RepeatedScalarFieldContainer[str]
    default_value: str
    doc: str
    def __init__(self, key: _Optional[str] = ..., type: _Optional[_Union[OptionType, str]] = ..., min: _Optional[float] = ..., max: _Optional[float] = ..., choices: _Optional[_Iterable[str]] = ..., default_value: _Optional[str] = ..., doc: _Optional[str] = ...) -> None: ...

class CreatePoolRequest(_message.Message):
    __slots__ = ("config",)
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    config: PoolConfig
    def __init__(self, config: _Optional[_Union[PoolConfig, _Mapping]] = ...) -> None: ...

class CreatePoolResponse(_message.Message):
    __slots__ = ("spec",)
    SPEC_FIELD_NUMBER: _ClassVar[int]
    spec: PoolSpec
    def __init__(self, spec: _Optional[_Union[PoolSpec, _Mapping]] = ...) -> None: ...

class ResetRequest(_message.Message):
    __slots__ = ("pool_id", "seed", "mask", "seeds")
    POOL_ID_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    MASK_FIELD_NUMBER: _ClassVar[int]
    SEEDS_FIELD_NUMBER: _ClassVar[int]
    pool_id: str
    seed: int
    mask: Tensor
    seeds: Tensor
    def __init__(self, pool_id: _Optional[str] = ..., seed: _Optional[int] = ..., mask: _Optional[_Union[Tensor, _Mapping]] = ..., seeds: _Optional[_Union[Tensor, _Mapping]] = ...) -> None: ...

class ResetResponse(_message.Message):
    __slots__ = ("batch",)
    BATCH_FIELD_NUMBER: _ClassVar[int]
    batch: Batch
    def __init__(self, batch: _Optional[_Union[Batch, _Mapping]] = ...) -> None: ...

class StepRequest(_message.Message):
    __slots__ = ("pool_id", "discrete", "continuous", "box", "multi_discrete")
    POOL_ID_FIELD_NUMBER: _ClassVar[int]
    DISCRETE_FIELD_NUMBER: _ClassVar[int]
    CONTINUOUS_FIELD_NUMBER: _ClassVar[int]
    BOX_FIELD_NUMBER: _ClassVar[int]
    MULTI_DISCRETE_FIELD_NUMBER: _ClassVar[int]
    pool_id: str
    discrete: Tensor
    continuous: Tensor
    box: Tensor
    multi_discrete: Tensor
    def __init__(self, pool_id: _Optional[str] = ..., discrete: _Optional[_Union[Tensor, _Mapping]] = ..., continuous: _Optional[_Union[Tensor, _Mapping]] = ..., box: _Optional[_Union[Tensor, _Mapping]] = ..., multi_discrete: _Optional[_Union[Tensor, _Mapping]] = ...) -> None: ...

class StepResponse(_message.Message):
    __slots__ = ("batch",)
    BATCH_FIELD_NUMBER: _ClassVar[int]
    batch: Batch
    def __init__(self, batch: _Optional[_Union[Batch, _Mapping]] = ...) -> None: ...

class Batch(_message.Message):
    __slots__ = ("obs", "reward", "terminated", "truncated", "current_player", "action_mask", "state_hash", "episode", "illegal", "episode_return", "episode_length", "final_obs", "final_state_hash", "obs_all_seats", "agent_seat", "teacher_discrete", "teacher_continuous")
    OBS_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    TERMINATED_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    ACTION_MASK_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    EPISODE_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_FIELD_NUMBER: _ClassVar[int]
    EPISODE_RETURN_FIELD_NUMBER: _ClassVar[int]
    EPISODE_LENGTH_FIELD_NUMBER: _ClassVar[int]
    FINAL_OBS_FIELD_NUMBER: _ClassVar[int]
    FINAL_STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    OBS_ALL_SEATS_FIELD_NUMBER: _ClassVar[int]
    AGENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    TEACHER_DISCRETE_FIELD_NUMBER: _ClassVar[int]
    TEACHER_CONTINUOUS_FIELD_NUMBER: _ClassVar[int]
    obs: Tensor
    reward: Tensor
    terminated: Tensor
    truncated: Tensor
    current_player: Tensor
    action_mask: Tensor
    state_hash: Tensor
    episode: Tensor
    illegal: Tensor
    episode_return: Tensor
    episode_length: Tensor
    final_obs: Tensor
    final_state_hash: Tensor
    obs_all_seats: Tensor
    agent_seat: Tensor
    teacher_discrete: Tensor
    teacher_continuous: Tensor
    def __init__(self, obs: _Optional[_Union[Tensor, _Mapping]] = ..., reward: _Optional[_Union[Tensor, _Mapping]] = ..., terminated: _Optional[_Union[Tensor, _Mapping]] = ..., truncated: _Optional[_Union[Tensor, _Mapping]] = ..., current_player: _Optional[_Union[Tensor, _Mapping]] = ..., action_mask: _Optional[_Union[Tensor, _Mapping]] = ..., state_hash: _Optional[_Union[Tensor, _Mapping]] = ..., episode: _Optional[_Union[Tensor, _Mapping]] = ..., illegal: _Optional[_Union[Tensor, _Mapping]] = ..., episode_return: _Optional[_Union[Tensor, _Mapping]] = ..., episode_length: _Optional[_Union[Tensor, _Mapping]] = ..., final_obs: _Optional[_Union[Tensor, _Mapping]] = ..., final_state_hash: _Optional[_Union[Tensor, _Mapping]] = ..., obs_all_seats: _Optional[_Union[Tensor, _Mapping]] = ..., agent_seat: _Optional[_Union[Tensor, _Mapping]] = ..., teacher_discrete: _Optional[_Union[Tensor, _Mapping]] = ..., teacher_continuous: _Optional[_Union[Tensor, _Mapping]] = ...) -> None: ...

class ClosePoolRequest(_message.Message):
    __slots__ = ("pool_id",)
    POOL_ID_FIELD_NUMBER: _ClassVar[int]
    pool_id: str
    def __init__(self, pool_id: _Optional[str] = ...) -> None: ...

class ClosePoolResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SessionRequest(_message.Message):
    __slots__ = ("request_id", "create_pool", "reset", "step", "close_pool")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_POOL_FIELD_NUMBER: _ClassVar[int]
    RESET_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    CLOSE_POOL_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    create_pool: CreatePoolRequest
    reset: ResetRequest
    step: StepRequest
    close_pool: ClosePoolRequest
    def __init__(self, request_id: _Optional[int] = ..., create_pool: _Optional[_Union[CreatePoolRequest, _Mapping]] = ..., reset: _Optional[_Union[ResetRequest, _Mapping]] = ..., step: _Optional[_Union[StepRequest, _Mapping]] = ..., close_pool: _Optional[_Union[ClosePoolRequest, _Mapping]] = ...) -> None: ...

class SessionResponse(_message.Message):
    __slots__ = ("request_id", "create_pool", "reset", "step", "close_pool", "error")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_POOL_FIELD_NUMBER: _ClassVar[int]
    RESET_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    CLOSE_POOL_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    create_pool: CreatePoolResponse
    reset: ResetResponse
    step: StepResponse
    close_pool: ClosePoolResponse
    error: Error
    def __init__(self, request_id: _Optional[int] = ..., create_pool: _Optional[_Union[CreatePoolResponse, _Mapping]] = ..., reset: _Optional[_Union[ResetResponse, _Mapping]] = ..., step: _Optional[_Union[StepResponse, _Mapping]] = ..., close_pool: _Optional[_Union[ClosePoolResponse, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "message", "details")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    code: int
    message: str
    details: _containers.RepeatedCompositeFieldContainer[_any_pb2.Any]
    def __init__(self, code: _Optional[int] = ..., message: _Optional[str] = ..., details: _Optional[_Iterable[_Union[_any_pb2.Any, _Mapping]]] = ...) -> None: ...

class GetAgentInfoRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetAgentInfoResponse(_message.Message):
    __slots__ = ("name", "games", "version")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    name: str
    games: _containers.RepeatedScalarFieldContainer[str]
    version: str
    def __init__(self, name: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ..., version: _Optional[str] = ...) -> None: ...

class ActRequest(_message.Message):
    __slots__ = ("game", "player", "obs", "action_mask", "seed")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    OBS_FIELD_NUMBER: _ClassVar[int]
    ACTION_MASK_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    game: GameSpec
    player: Tensor
    obs: Tensor
    action_mask: Tensor
    seed: Tensor
    def __init__(self, game: _Optional[_Union[GameSpec, _Mapping]] = ..., player: _Optional[_Union[Tensor, _Mapping]] = ..., obs: _Optional[_Union[Tensor, _Mapping]] = ..., action_mask: _Optional[_Union[Tensor, _Mapping]] = ..., seed: _Optional[_Union[Tensor, _Mapping]] = ...) -> None: ...

class ActResponse(_message.Message):
    __slots__ = ("discrete", "continuous")
    DISCRETE_FIELD_NUMBER: _ClassVar[int]
    CONTINUOUS_FIELD_NUMBER: _ClassVar[int]
    discrete: Tensor
    continuous: Tensor
    def __init__(self, discrete: _Optional[_Union[Tensor, _Mapping]] = ..., continuous: _Optional[_Union[Tensor, _Mapping]] = ...) -> None: ...
