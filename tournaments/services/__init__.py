"""Every state change of the tournaments app. Views, API, admin, tasks and commands call these."""

from .corrections import result_correct
from .events import event_cancel, event_create, event_hcp_par_table_set, event_update
from .registration import (
    entry_add,
    entry_confirm,
    entry_decline,
    entry_disconnection_record,
    entry_register,
    entry_reinstate,
    entry_set_sitting_out,
    entry_withdraw,
)
from .results import (
    result_confirm,
    result_not_played,
    result_reject,
    result_submit,
    result_validate,
    table_sit,
)
from .rounds import event_finish, event_start, round_close, round_open

__all__ = [
    "entry_add",
    "entry_confirm",
    "entry_decline",
    "entry_register",
    "entry_reinstate",
    "entry_disconnection_record",
    "entry_set_sitting_out",
    "entry_withdraw",
    "event_cancel",
    "event_create",
    "event_hcp_par_table_set",
    "event_update",
    "event_finish",
    "event_start",
    "result_confirm",
    "result_correct",
    "result_not_played",
    "result_reject",
    "result_submit",
    "result_validate",
    "round_close",
    "round_open",
    "table_sit",
]
