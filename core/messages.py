"""Every user-visible text of PE Clock, in English and Korean: key -> (English, Korean).

Identifiers of the maths (PE, pos, k, d_model, base, sin, cos, R(k)) stay as they are in both
languages, as in the Korean course notes; everything around them is translated.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # --- validation (core, state, command line) -------------------------------------------------
    "error.must": (
        "{name} must be {allowed}; got {value}",
        "{name} 값은 {allowed}이어야 합니다 (받은 값: {value})",
    ),
    "allowed.int_range": ("an integer from {lo} to {hi}", "{lo}부터 {hi}까지의 정수"),
    "allowed.real_range": ("a finite number from {lo} to {hi}", "{lo}부터 {hi}까지의 유한한 수"),
    "allowed.d_model": (
        "an even integer from {lo} to {hi} (each sin/cos pair of dimensions is one clock hand)",
        "{lo}부터 {hi}까지의 짝수 (사인·코사인 차원 한 쌍이 시계 바늘 하나이므로)",
    ),
    "allowed.base": ("a finite number > 1 and <= {hi}", "1보다 크고 {hi} 이하인 유한한 수"),
    "allowed.pos": (
        "an integer from 0 to max_len - 1 = {hi}",
        "0부터 max_len - 1 = {hi}까지의 정수",
    ),
    "allowed.after": ("an integer > {name} = {lo}", "{name} = {lo}보다 큰 정수"),
    "allowed.speed": (
        "a number of positions per second from {lo} to {hi}",
        "초당 {lo}부터 {hi}까지의 위치 수",
    ),
    "allowed.factor": ("a factor from {lo} to {hi}", "{lo}부터 {hi}까지의 배율"),
    "allowed.fps": (
        "a number of frames per second from {lo} to {hi}",
        "초당 {lo}부터 {hi}까지의 프레임 수",
    ),
    "allowed.choice": ("one of {choices}", "{choices} 중 하나"),
    "error.pos_plus_k": (
        "pos + k must be >= 0; got pos {pos} + k {k} = {total}",
        "pos + k는 0 이상이어야 합니다 (받은 값: pos {pos} + k {k} = {total})",
    ),
    "error.table": (
        "max_len * d_model must be <= {limit} values for a full table; got {n} * {d} = {total}",
        "전체 표는 max_len * d_model이 {limit}개 값 이하여야 합니다 (받은 값: {n} * {d} = {total})",
    ),
    "name.speed": ("speed", "속도"),
    "name.font_scale": ("type size", "글자 크기"),
    "name.pair": ("pair", "쌍"),
    "name.hand": ("hand", "바늘"),
    "name.train_len": ("training length", "학습 길이"),
    # --- embedding files (.npy) ---------------------------------------------------------------
    "npy.unreadable": (
        "{file} is not a readable .npy file: {reason}",
        "{file}은(는) 읽을 수 있는 .npy 파일이 아닙니다: {reason}",
    ),
    "npy.not_npy": ("it does not start like a NumPy .npy file",
                    "NumPy .npy 파일의 시작 부분이 아닙니다"),
    "npy.pickled": (
        "{file} holds Python objects (pickled data), which PE Clock never loads",
        "{file}에는 파이썬 객체(pickle 데이터)가 들어 있어 PE Clock은 읽지 않습니다",
    ),
    "npy.dtype": (
        "{file} holds {dtype} values; embeddings must be real numbers (float or int)",
        "{file}의 값 형식은 {dtype}입니다. 임베딩은 실수(float 또는 int)여야 합니다",
    ),
    "npy.shape": (
        "{file} has shape {shape}; embeddings must be (rows, d_model = {d_model}) "
        "with 1 to {max_rows} rows",
        "{file}의 모양은 {shape}입니다. 임베딩은 행 1~{max_rows}개의 "
        "(행, d_model = {d_model}) 배열이어야 합니다",
    ),
    "npy.finite": (
        "{file} contains NaN or infinite values",
        "{file}에 NaN 또는 무한대 값이 있습니다",
    ),
    "npy.loaded": (
        "Loaded {rows} embedding rows from {file}",
        "{file}에서 임베딩 {rows}행을 읽었습니다",
    ),
    "npy.reset": (
        "Loaded embeddings have {cols} columns, d_model is now {d_model}: "
        "showing the example embeddings",
        "읽은 임베딩은 {cols}열인데 d_model이 {d_model}(으)로 바뀌어 예시 임베딩을 보여 줍니다",
    ),
    # --- export -------------------------------------------------------------------------------
    "export.view": (
        "view must be one of {views}; got {value}",
        "view 값은 {views} 중 하나여야 합니다 (받은 값: {value})",
    ),
    "export.side": (
        "{name} must be from {lo} to {hi} pixels; got {value}",
        "{name} 값은 {lo}부터 {hi}까지의 픽셀 수여야 합니다 (받은 값: {value})",
    ),
    "export.is_folder": (
        "the output path is a folder, not a file: {path}",
        "출력 경로가 파일이 아니라 폴더입니다: {path}",
    ),
    "export.no_folder": (
        "the output folder does not exist: {path}",
        "출력 폴더가 없습니다: {path}",
    ),
    "export.cannot_write": (
        "cannot write in {path}: {reason}",
        "{path}에 쓸 수 없습니다: {reason}",
    ),
    "export.empty": ("nothing was written for {path}", "{path}에 아무것도 쓰이지 않았습니다"),
    "export.failed": ("could not write {path}: {reason}", "{path}을(를) 쓰지 못했습니다: {reason}"),
    "export.suffix": (
        "the file name must end in {suffixes}; got {value}",
        "파일 이름은 {suffixes}(으)로 끝나야 합니다 (받은 값: {value})",
    ),
    "export.position": (
        "{name} must be a position from {lo} to {hi}; got {value}",
        "{name} 값은 {lo}부터 {hi}까지의 위치여야 합니다 (받은 값: {value})",
    ),
    "export.order": (
        "to must be >= from; got from {start}, to {stop}",
        "to는 from 이상이어야 합니다 (받은 값: from {start}, to {stop})",
    ),
    "export.frames": (
        "at most {limit} frames; got {count}",
        "프레임은 최대 {limit}개입니다 (받은 값: {count})",
    ),
    # --- command line -------------------------------------------------------------------------
    "cli.description": (
        "See the Transformer's sinusoidal positional encoding as clock hands.",
        "트랜스포머의 사인파 위치 인코딩을 시계 바늘로 봅니다.",
    ),
    "cli.version": ("show the version and exit", "버전을 보여 주고 끝냅니다"),
    "cli.help": ("show this help and exit", "이 도움말을 보여 주고 끝냅니다"),
    "cli.lang": (
        "language of the window and messages: en or ko (default: the system's)",
        "창과 메시지의 언어: en 또는 ko (기본값: 시스템 언어)",
    ),
    "cli.reset": (
        "forget the saved window size and parameters, then start",
        "저장된 창 크기와 매개변수를 지우고 시작합니다",
    ),
    "cli.export": (
        "write a figure (PNG, SVG, PDF) or an animation (GIF) without opening the window",
        "창을 열지 않고 그림(PNG, SVG, PDF)이나 애니메이션(GIF)을 씁니다",
    ),
    "cli.export_description": (
        "Write a figure chosen by the file's suffix: .png, .svg, .pdf or .gif. Needs no display.",
        "파일 확장자(.png, .svg, .pdf, .gif)에 따라 그림을 씁니다. 화면이 없어도 됩니다.",
    ),
    "cli.opt.view": (
        "what to draw: {views} (default: window, the three main views together)",
        "그릴 것: {views} (기본값: window, 세 가지 주요 보기를 함께)",
    ),
    "cli.opt.out": ("the file to write", "쓸 파일"),
    "cli.opt.pos": ("current position (default {default})", "현재 위치 (기본값 {default})"),
    "cli.opt.k": ("offset k of R(k) (default {default})", "R(k)의 오프셋 k (기본값 {default})"),
    "cli.opt.d_model": (
        "embedding width, even, 2..8192 (default {default})",
        "임베딩 차원 수, 2..8192의 짝수 (기본값 {default})",
    ),
    "cli.opt.max_len": ("number of positions (default {default})", "위치 개수 (기본값 {default})"),
    "cli.opt.base": (
        "the 10000 of the paper, rope_theta (default {default})",
        "논문의 10000, 즉 rope_theta (기본값 {default})",
    ),
    "cli.opt.width": (
        "pixel width (default depends on the view)",
        "가로 픽셀 수 (기본값은 보기마다 다름)",
    ),
    "cli.opt.height": (
        "pixel height (default depends on the view)",
        "세로 픽셀 수 (기본값은 보기마다 다름)",
    ),
    "cli.opt.caption": (
        "stamp a line with d_model, base, pos and k under the figure",
        "그림 아래에 d_model, base, pos, k를 적은 줄을 넣습니다",
    ),
    "cli.opt.from": ("GIF: first position (default 0)", "GIF: 첫 위치 (기본값 0)"),
    "cli.opt.to": (
        "GIF: last position (default max_len - 1)",
        "GIF: 마지막 위치 (기본값 max_len - 1)",
    ),
    "cli.opt.fps": (
        "GIF: frames per second, 1..50 (default 4)",
        "GIF: 초당 프레임 수, 1..50 (기본값 4)",
    ),
    "cli.error": ("{prog}: error: {message}", "{prog}: 오류: {message}"),
    "cli.out_suffix": (
        "--out must end in .png, .svg, .pdf or .gif; got {value}",
        "--out은 .png, .svg, .pdf, .gif 중 하나로 끝나야 합니다 (받은 값: {value})",
    ),
    "cli.out_dir": (
        "--out must be a file, not a folder; got {value}",
        "--out은 폴더가 아니라 파일이어야 합니다 (받은 값: {value})",
    ),
    "cli.out_missing": ("--out folder does not exist: {value}", "--out의 폴더가 없습니다: {value}"),
    "cli.out_readonly": (
        "--out folder is not writable: {value}",
        "--out의 폴더에 쓸 수 없습니다: {value}",
    ),
    "cli.gif_only": (
        "{flag} applies to .gif animations only; got {value}",
        "{flag}은(는) .gif 애니메이션에만 쓰입니다 (받은 값: {value})",
    ),
    "cli.unrecognized": ("unrecognized arguments: {args}", "알 수 없는 인수: {args}"),
    "cli.required": (
        "the following arguments are required: {args}",
        "다음 인수가 필요합니다: {args}",
    ),
    "cli.expected": ("argument {arg}: expected one argument", "인수 {arg}: 값이 하나 필요합니다"),
    "cli.reset_done": ("Saved settings cleared.", "저장된 설정을 지웠습니다."),
}
