"""Every user-visible text of PE Clock, in English and Korean: key -> (English, Korean).

Identifiers of the maths (PE, pos, k, d_model, base, sin, cos, R(k)) stay as they are in both
languages, as in the Korean course notes; everything around them is translated.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # --- validation (core, state, command line) -------------------------------------------------
    "error.must": (
        "{name} must be {allowed}; got {value}",
        "{name}: 쓸 수 없는 값입니다 (받은 값: {value}). 허용되는 값: {allowed}",
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
    "allowed.even": ("an even integer from {lo} to {hi}", "{lo}부터 {hi}까지의 짝수"),
    "allowed.choice": ("one of {choices}", "{choices} 중 하나"),
    "allowed.bool": ("true or false", "true 또는 false"),
    "allowed.three_pairs": (
        "three pair numbers",
        "짝 번호 세 개",
    ),
    "error.pos_plus_k": (
        "pos + k must be >= 0; got pos {pos} + k {k} = {total}",
        "pos + k는 0 이상이어야 합니다 (받은 값: pos {pos} + k {k} = {total})",
    ),
    "error.table": (
        "max_len * d_model must be <= {limit} values for a full table; got {n} * {d} = {total}",
        "전체 표를 만들려면 max_len * d_model이 값 {limit}개 이하여야 합니다 (받은 값: {n} * {d} = {total})",
    ),
    "name.speed": ("speed", "속도"),
    "name.font_scale": ("type size", "글자 크기"),
    "name.pair": ("pair", "짝"),
    "name.hand": ("hand", "바늘"),
    "name.clock_pairs": ("the clock's hands", "큰 시계의 바늘"),
    "name.playing": ("playing", "재생"),
    "name.loop": ("loop", "반복 재생"),
    "name.scale_embeddings": ("scale the embeddings by √d_model", "임베딩에 √d_model 곱하기"),
    "name.train_len": ("training length", "학습 길이"),
    "name.why_pe": ("add PE", "PE 더하기"),
    "name.line_scale": ("line width", "선 굵기"),
    "name.head_dim": ("head_dim", "헤드 차원 head_dim"),
    "name.scaling_factor": ("factor s", "배율 s"),
    "name.original_len": ("trained length L0", "학습 길이 L0"),
    "name.alibi_heads": ("heads", "헤드 수"),
    "name.causal": ("causal mask", "인과 마스크"),
    "name.trails": ("trails", "궤적"),
    # --- embedding files (.npy) ---------------------------------------------------------------
    "npy.unreadable": (
        "{file} is not a readable .npy file: {reason}",
        "읽을 수 있는 .npy 파일이 아닙니다: {file} ({reason})",
    ),
    "npy.not_npy": (
        "it does not start like a NumPy .npy file",
        "파일 앞부분이 NumPy .npy 형식이 아닙니다",
    ),
    "npy.not_file": (
        "{file} is not a regular file (a folder, device or pipe); choose a .npy file",
        "일반 파일이 아닙니다 (폴더, 장치, 파이프 등): {file}. .npy 파일을 골라 주세요",
    ),
    "npy.header": (
        "{file} has a damaged or oversized header ({reason})",
        "{file}: 헤더가 손상되었거나 너무 큽니다 ({reason})",
    ),
    "npy.header_size": (
        "longer than the {limit} bytes NumPy allows",
        "NumPy가 허용하는 {limit}바이트보다 깁니다",
    ),
    "npy.size": (
        "{file} is {size:,} bytes, but its header describes {expected:,} bytes (shape {shape}, "
        "{dtype}): the file is cut short or has extra data",
        "{file}의 크기는 {size:,}바이트인데 헤더가 말하는 크기는 {expected:,}바이트입니다 "
        "(모양 {shape}, {dtype}). 파일이 잘렸거나 뒤에 다른 데이터가 붙어 있습니다",
    ),
    "npy.magnitude": (
        "{file} holds values up to {value:.3g} in size; PE Clock draws embeddings up to "
        "±{limit:.0e}, beside PE's values in [−1, 1]",
        "{file}에 크기가 {value:.3g}에 이르는 값이 있습니다. PE Clock은 [−1, 1] 범위의 PE와 "
        "나란히 ±{limit:.0e}까지의 임베딩만 그립니다",
    ),
    "npy.nested": ("nested too deep to read", "너무 깊이 중첩되어 읽을 수 없습니다"),
    "npy.pickled": (
        "{file} holds Python objects (pickled data), which PE Clock never loads",
        "{file}에는 파이썬 객체(pickle 데이터)가 들어 있어 PE Clock은 읽지 않습니다",
    ),
    "npy.dtype": (
        "{file} holds {dtype} values; embeddings must be real numbers (float or int)",
        "{file}의 값 형식은 {dtype}입니다. 임베딩은 실수(float 또는 int)여야 합니다",
    ),
    "npy.shape": (
        "{file} has shape {shape}; embeddings must be (rows, d_model = {d_model}) with 1 "
        "to {max_rows} rows",
        "{file}의 모양은 {shape}입니다. 임베딩은 (행, d_model = {d_model}) 모양이고 행이 1~{max_rows}개여야 "
        "합니다",
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
    "export.empty": ("nothing was written for {path}", "아무것도 쓰이지 않았습니다: {path}"),
    "export.failed": (
        "could not write {path}: {reason}; any file there is unchanged",
        "파일을 쓰지 못했습니다: {path} ({reason}). 그 자리에 있던 파일은 그대로입니다",
    ),
    "export.short": (
        "only {n} of {m} bytes reached the disk",
        "{m}바이트 가운데 {n}바이트만 디스크에 쓰였습니다",
    ),
    "export.cut": (
        "the file on disk ends before its last byte (is the disk full?)",
        "디스크에 쓰인 파일이 마지막 바이트 전에 끊겼습니다 (디스크가 가득 찼을 수 있습니다)",
    ),
    "export.name_too_long": (
        "the file name is longer than this file system allows ({limit} bytes): {name}",
        "파일 이름이 이 파일 시스템의 한도({limit}바이트)보다 깁니다: {name}",
    ),
    "export.not_regular": (
        "the output path exists and is not a regular file: {path}",
        "출력 경로에 일반 파일이 아닌 것이 있습니다: {path}",
    ),
    "export.read_only": (
        "the file exists and is read-only, so it was left as it is: {path}",
        "읽기 전용 파일이라 바꾸지 않았습니다: {path}",
    ),
    "export.interrupted": (
        "interrupted ({signal}): nothing was written; {path} is unchanged",
        "중단됨 ({signal}): 아무것도 쓰지 않았고 {path} 파일은 그대로입니다",
    ),
    "export.suffix": (
        "the file name must end in {suffixes}; got {value}",
        "파일 이름의 끝은 {suffixes} 가운데 하나여야 합니다 (받은 값: {value})",
    ),
    "export.position": (
        "{name} must be a position from {lo} to {hi}; got {value}",
        "{name} 값은 {lo}부터 {hi}까지의 위치여야 합니다 (받은 값: {value})",
    ),
    "export.order": (
        "to must be >= from; got from {start}, to {stop}",
        "to는 from 이상이어야 합니다 (받은 값: from {start}, to {stop})",
    ),
    "export.memory": (
        "this GIF needs about {need} MiB of memory while it is written, and {free} MiB are "
        "free: choose a smaller width and height",
        "이 GIF를 쓰는 동안 메모리가 약 {need} MiB 필요한데 남은 메모리는 {free} MiB입니다. "
        "너비와 높이를 줄여 주세요",
    ),
    "export.frames": (
        "at most {limit} frames; got {count}",
        "프레임은 최대 {limit}개입니다 (받은 값: {count})",
    ),
    # --- command line -------------------------------------------------------------------------
    "cli.description": (
        "See the Transformer's sinusoidal positional encoding as clock hands.",
        "트랜스포머의 사인·코사인 위치 인코딩을 시계 바늘로 살펴봅니다.",
    ),
    "cli.version": ("show the version and exit", "버전을 보여 주고 끝냅니다"),
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
        "창을 열지 않고 그림(PNG, SVG, PDF)이나 애니메이션(GIF)을 파일로 저장합니다",
    ),
    "cli.export_description": (
        "Write a figure chosen by the file's suffix: .png, .svg, .pdf or .gif. Needs no display.",
        "파일 확장자(.png, .svg, .pdf, .gif)에 맞는 형식으로 그림을 저장합니다. 디스플레이가 없어도 됩니다.",
    ),
    "cli.opt.view": (
        "what to draw: {views} (default: window, the three main views together)",
        "그릴 것: {views} (기본값: window, 세 가지 주요 보기를 함께)",
    ),
    "cli.opt.out": (
        "the file to write",
        "저장할 파일",
    ),
    "export.theme": ("Colours", "색"),
    "export.theme_light": ("Light: screens and print", "밝게: 화면과 인쇄용"),
    "export.theme_dark": (
        "Dark: white on black, for projectors",
        "어둡게: 프로젝터용, 검은 바탕에 흰 글씨",
    ),
    "cli.opt.deck": (
        "open a lecture deck: a TOML file, or 'default' for the built-in one",
        "강의 순서 열기: TOML 파일, 또는 기본 강의 순서는 'default'",
    ),
    "cli.opt.handout": (
        "a handout of a deck (a TOML file, or 'default'): --out FILE.pdf for one slide-sized "
        "page per scene, --out FOLDER/ for one PNG per scene",
        "강의 순서(TOML 파일, 또는 'default')의 유인물: --out FILE.pdf는 장면마다 슬라이드 크기 "
        "한 쪽, --out FOLDER/는 장면마다 PNG 한 장",
    ),
    "cli.handout_view": (
        "--view cannot go with --deck: each scene names its view",
        "--view는 --deck과 함께 쓸 수 없습니다: 장면마다 보기가 정해져 있습니다",
    ),
    "cli.before_export": (
        "{option} goes after export (pe-clock export {option} …): before it, it is the window's",
        "{option} 옵션은 export 뒤에 씁니다 (pe-clock export {option} …): 앞에 쓰면 창의 옵션입니다",
    ),
    "cli.not_with_export": (
        "{option} cannot go with export: it is for the window",
        "{option} 옵션은 export와 함께 쓸 수 없습니다: 창을 열 때 쓰는 옵션입니다",
    ),
    "handout.not_ours": (
        "{path} is not a page PE Clock wrote: left as it is, and no page written (move it, or "
        "write the handout into another folder)",
        "{path} 파일은 PE Clock이 쓴 쪽이 아니므로 그대로 두고 아무 쪽도 쓰지 않았습니다(파일을 "
        "옮기거나 다른 폴더에 유인물을 쓰세요)",
    ),
    "handout.footer": ("{title} · page {n} of {total}", "{title} · {total}쪽 중 {n}쪽"),
    "cli.opt.paper": (
        "a handout's pages: slide (the default, --width x --height), a4 or letter (portrait, "
        "for print: the figure at print size, its explanations under it)",
        "유인물의 쪽: slide(기본값, --width × --height), a4 또는 letter(세로, 인쇄용: 인쇄 "
        "크기의 그림 아래에 설명이 들어갑니다)",
    ),
    "cli.paper_size": (
        "--{flag} cannot go with --paper {paper}: the paper sets the page's size",
        "--{flag} 옵션과 --paper {paper} 옵션은 함께 쓸 수 없습니다: 쪽 크기는 종이가 정합니다",
    ),
    "cli.paper_deck": (
        "--paper is for a deck's handout (--deck)",
        "--paper 옵션은 강의 순서 유인물(--deck)에만 씁니다",
    ),
    "cli.handout_flag": (
        "{flag} cannot go with a deck's handout: each page is its scene, with its title and note",
        "{flag} 옵션은 강의 순서 유인물에는 쓸 수 없습니다: 쪽마다 장면 하나와 그 제목, 설명이 들어갑니다",
    ),
    "cli.handout_out": (
        "--out must be a .pdf file or a folder ending in /; got {value}",
        "--out은 .pdf 파일이나 /로 끝나는 폴더여야 합니다 (받은 값: {value})",
    ),
    "cli.opt.stage": (
        "open on stage: the view alone over the whole screen, type and lines for the back row",
        "무대로 열기: 보기 하나만 화면 가득, 뒷줄에서도 보이는 글자와 선",
    ),
    "cli.opt.stage_export": (
        "draw the view as stage mode shows it on a screen of --width x --height",
        "--width x --height 화면의 무대 모드에 보이는 그대로 그리기",
    ),
    "cli.opt.theme": (
        "colours: {themes} (default light; dark is white on black, for projectors)",
        "색: {themes} (기본값 light; dark는 프로젝터용으로 검은 바탕에 흰 글씨)",
    ),
    "cli.opt.layout": (
        "dimension layout: {layouts} (default interleaved, as in the paper)",
        "차원 배치: {layouts} (기본값 interleaved, 논문과 같음)",
    ),
    "cli.opt.window_view": (
        "open the window on this view (its tab): {views}",
        "창을 열 때 이 그림의 탭을 보여 줍니다: {views}",
    ),
    "cli.opt.pos_window": ("open on this position", "이 위치에서 엽니다"),
    "cli.opt.k_window": (
        "open with this offset k",
        "이 간격 k로 엽니다",
    ),
    "cli.opt.d_model_window": ("open with this d_model", "이 d_model로 엽니다"),
    "cli.opt.max_len_window": ("open with this many positions", "이 위치 개수로 엽니다"),
    "cli.opt.base_window": (
        "open with this base (rope_theta)",
        "이 밑\u00a0base(rope_theta)로 엽니다",
    ),
    "cli.opt.pos": ("current position (default {default})", "현재 위치 (기본값 {default})"),
    "cli.opt.k": (
        "offset k of R(k) (default {default})",
        "R(k)의 간격 k (기본값 {default})",
    ),
    "cli.opt.d_model": (
        "embedding width, even, 2..8192 (default {default})",
        "임베딩 차원 수, 2~8192의 짝수 (기본값 {default})",
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
        "GIF: 초당 프레임 수, 1~50 (기본값 4)",
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
    "cli.out_not_folder": (
        "--out names a folder for the pages, but {value} is a file",
        "--out에는 페이지를 담을 폴더를 줘야 하는데, {value}은(는) 파일입니다",
    ),
    "cli.out_missing": ("--out folder does not exist: {value}", "--out의 폴더가 없습니다: {value}"),
    "cli.out_readonly": (
        "--out folder is not writable: {value}",
        "--out의 폴더에 쓸 수 없습니다: {value}",
    ),
    "cli.gif_only": (
        "{flag} applies to .gif animations only; got {value}",
        "{flag} 옵션은 .gif 애니메이션에만 쓰입니다 (받은 값: {value})",
    ),
    "cli.desktop_entry": (
        "add PE Clock, with its icon, to the desktop's applications menu (Linux) and exit",
        "데스크톱 응용 프로그램 메뉴에 PE Clock을 아이콘과 함께 추가하고 끝냅니다 (리눅스)",
    ),
    "cli.reset_done": ("Saved settings cleared.", "저장된 설정을 지웠습니다."),
    "cli.reset_failed": (
        "could not clear the saved settings ({path}): {reason}",
        "저장된 설정을 지우지 못했습니다 ({path}): {reason}",
    ),
    "error.repeated": (
        "(the error above happened {n} more times since it was written)",
        "(위 오류가 기록된 뒤 {n}번 더 일어났습니다)",
    ),
    "settings.not_file": ("it is not a regular file", "일반 파일이 아닙니다"),
    "settings.too_big": ("it is {size} bytes long", "크기가 {size}바이트나 됩니다"),
    "settings.not_text": ("it is not UTF-8 text", "UTF-8 텍스트가 아닙니다"),
    "settings.not_ini": ("it is not an INI file", "INI 파일 형식이 아닙니다"),
    "settings.moved": (
        "The saved settings could not be read ({reason}): PE Clock starts from its defaults "
        "and kept the file as {aside}.",
        "저장된 설정을 읽을 수 없어 ({reason}) 기본값으로 시작합니다. 원래 파일은 {aside}"
        " 이름으로 보관했습니다.",
    ),
    "settings.serialised": (
        "The saved settings held values Qt would have to decode ({keys}): those keep their "
        "defaults; the file as it was is kept as {aside}.",
        "저장된 설정에 Qt가 풀어야 하는 값({keys})이 있어 그 항목은 기본값으로 시작합니다. 원래 "
        "파일은 {aside} 이름으로 보관했습니다.",
    ),
    "settings.serialised_reason": (
        "values Qt would have to decode",
        "Qt가 풀어야 하는 값이 있음",
    ),
    "settings.kept": (
        "The saved settings at {path} could not be read ({reason}) nor moved aside ({error}): "
        "PE Clock starts from its defaults and will not write over that file.",
        "{path}의 저장된 설정을 읽을 수도 ({reason}) 옮길 수도 ({error}) 없습니다. 기본값으로 "
        "시작하며 그 파일은 덮어쓰지 않습니다.",
    ),
    "cli.out_refused": ("cannot write --out: {message}", "--out 경로에 쓸 수 없습니다: {message}"),
    "cli.opt.embeddings": (
        "embedding view: token embeddings from a .npy file of shape (rows, d_model)",
        "embedding 그림: (행 수, d_model) 모양의 .npy 파일에서 읽은 토큰 임베딩",
    ),
    "cli.embeddings_view": (
        "--embeddings applies to --view embedding only; got --view {view}",
        "--embeddings는 --view embedding에만 쓸 수 있습니다 (받은 값: --view {view})",
    ),
    "cli.stdout": (
        "{path} was written, but printing its name failed: {reason}",
        "{path} 파일은 썼지만 그 이름을 출력하지 못했습니다: {reason}",
    ),
    "cli.interrupted": ("interrupted", "중단됨"),
    # --- window ---------------------------------------------------------------------------------
    "window.title": (
        "PE Clock — sinusoidal positional encoding",
        "PE Clock — 사인·코사인 위치 인코딩",
    ),
    "menu.file": ("&File", "파일(&F)"),
    "menu.export": ("&Export figure…", "그림 내보내기(&E)…"),
    "menu.export_animation": ("Export &animation…", "애니메이션 내보내기(&A)…"),
    "menu.load_embeddings": ("&Load embeddings (.npy)…", "임베딩 불러오기(.npy)(&L)…"),
    "menu.quit": ("&Quit", "끝내기(&Q)"),
    "menu.edit": ("&Edit", "편집(&E)"),
    "menu.copy": ("&Copy figure", "그림 복사(&C)"),
    "menu.copy_slide": (
        "Copy figure at &slide size (1920 × 1080)",
        "슬라이드 크기로 그림 복사(&S) (1920 × 1080)",
    ),
    "menu.view": ("&View", "보기(&V)"),
    "menu.presenter": (
        "&Presenter mode",
        "발표 모드(&P)",
    ),
    "menu.larger": ("&Larger type", "글자 크게(&L)"),
    "menu.smaller": ("&Smaller type", "글자 작게(&S)"),
    "menu.reset_type": ("&Reset type size", "글자 크기 원래대로(&R)"),
    "menu.language": ("&Language", "언어(&L)"),
    "menu.help": ("&Help", "도움말(&H)"),
    "menu.shortcuts": ("&Keyboard shortcuts", "단축키(&K)"),
    "menu.about": ("&About PE Clock", "PE Clock 정보(&A)"),
    "dock.controls": ("Controls", "설정"),
    "about.title": ("About PE Clock", "PE Clock 정보"),
    "about.text": (
        "<b>PE Clock {version}</b><p>The sinusoidal positional encoding of “Attention "
        "Is All You Need” (§3.5) as clock hands: PE(pos+k) = R(k)·PE(pos).</p>"
        "<p>Korean text: NanumGothic, SIL Open Font License 1.1.</p>",
        "<b>PE Clock {version}</b><p>“Attention Is All You Need”(§3.5)의 사인·코사인 위치 "
        "인코딩을 시계 바늘로 보여 줍니다: PE(pos+k) = R(k)·PE(pos).</p>"
        "<p>한글 글꼴: 나눔고딕, SIL Open Font License 1.1.</p>",
    ),
    "file.look_in": ("Look in:", "찾는 위치:"),
    "file.name": ("File name:", "파일 이름:"),
    "file.type": ("Files of type:", "파일 형식:"),
    "file.open": ("Open", "열기"),
    "file.save": ("Save", "저장"),
    "file.cancel": ("Cancel", "취소"),
    "caption.worked": (
        "worked example · d_model 4 · base {base} · positions 0…3",
        "계산 예시 · d_model 4 · 밑\u00a0base {base} · 위치 0~3",
    ),
    "status.readout": (
        "pos {pos} · k {k} · d_model {d_model} · base {base} · max_len {max_len}",
        "위치 pos {pos} · 간격 k {k} · d_model {d_model} · 밑\u00a0base {base} · 위치 수 max_len "
        "{max_len}",
    ),
    "status.bad_settings": (
        "Ignored invalid saved settings (defaults used): {keys}",
        "잘못된 저장 설정을 무시하고 기본값을 썼습니다: {keys}",
    ),
    "status.saved": ("Saved {path}", "저장했습니다: {path}"),
    "status.cancelled": (
        "Export cancelled: no file written",
        "내보내기를 취소했습니다: 파일을 쓰지 않았습니다",
    ),
    "status.copied": (
        "Copied the figure ({width} × {height}) to the clipboard",
        "그림({width} × {height})을 클립보드에 복사했습니다",
    ),
    "status.export_failed": ("Export failed: {error}", "내보내기 실패: {error}"),
    "status.go_to": (
        "go to position {typed} — press Enter",
        "위치 {typed}(으)로 이동 — Enter를 누르세요",
    ),
    "status.position": ("position {pos}", "위치 {pos}"),
    "dialog.export_failed": ("Export failed", "내보내기 실패"),
    "error.title": ("Something went wrong", "문제가 생겼습니다"),
    "error.unexpected": (
        "An unexpected error occurred ({error}). PE Clock goes on; the details are in {path}.",
        "예상하지 못한 오류가 났습니다 ({error}). PE Clock은 계속 동작하며, 자세한 "
        "내용은 {path}에 있습니다.",
    ),
    "dialog.settings_failed": ("Settings not saved", "설정을 저장하지 못했습니다"),
    "progress.rendering": (
        "Rendering frame {done} of {total}…",
        "프레임 {total}개 중 {done}번째 그리는 중…",
    ),
    "progress.cancel": ("Cancel", "취소"),
    # Short: eleven tabs fit beside the controls at 1280 pixels; a tab's tooltip is its title.
    "tab.window": ("Clock", "시계"),
    "tab.embedding": ("Embedding", "임베딩"),
    "tab.worked": ("Example", "계산 예시"),
    "tab.unique": ("Unique", "고유한 위치"),
    "tab.distance": ("Distance", "거리"),
    "tab.wavelength": ("Wavelengths", "파장"),
    "tab.beyond": ("Beyond", "길이 너머"),
    "tab.why": ("Why position?", "위치가 필요한 이유"),
    "tab.rope": ("RoPE", "회전 RoPE"),
    "tab.scaling": ("Extension", "길이 늘리기"),
    "tab.alibi": ("ALiBi", "ALiBi 편향"),
    # --- controls --------------------------------------------------------------------------------
    "controls.parameters": ("Parameters", "매개변수"),
    "controls.animation": ("Animation", "애니메이션"),
    "controls.pos": ("position pos", "위치 pos"),
    "controls.k": (
        "offset k",
        "간격 k",
    ),
    "controls.d_model": ("d_model", "차원 d_model"),
    "controls.max_len": ("positions max_len", "위치 수 max_len"),
    "controls.base": ("base", "밑\u00a0base"),
    "controls.preset": ("preset", "프리셋"),
    "controls.pair": ("selected pair", "선택한 짝"),
    "controls.train_len": ("training length", "학습 길이"),
    "controls.layout": ("layout", "배치"),
    "controls.speed": ("speed", "속도"),
    "controls.speed_suffix": (" pos/s", " 위치/초"),
    "controls.loop": ("Loop", "반복"),
    "controls.play": ("Play", "재생"),
    "controls.pause": ("Pause", "일시정지"),
    "preset.paper": ("Paper (10000)", "논문 (10000)"),
    "preset.llama3": ("Llama 3 rope_theta (500000)", "Llama 3의 rope_theta (500000)"),
    "preset.qwen2": ("Qwen2 rope_theta (1000000)", "Qwen2의 rope_theta (1000000)"),
    "preset.custom": ("Custom", "직접 입력"),
    "tip.pos": (
        "Current position (Right/Left, PageDown/PageUp, digits + Enter)",
        "현재 위치 (오른쪽/왼쪽, PageDown/PageUp, 숫자 + Enter)",
    ),
    "tip.k": (
        "Offset k: R(k) maps PE(pos) to PE(pos + k) ([ and ])",
        "간격 k: R(k)가 PE(pos)를 PE(pos + k)로 옮깁니다 ([, ] 키)",
    ),
    "tip.d_model": (
        "Embedding width; even, since each sin/cos pair is one hand",
        "임베딩 차원 수. 사인·코사인 한 쌍이 바늘 하나이므로 짝수입니다",
    ),
    "tip.max_len": ("Number of positions shown in the heatmap", "히트맵에 보이는 위치 개수"),
    "tip.base": (
        "The 10000 of the paper; rope_theta in RoPE models",
        "논문의 10000, RoPE 모델에서는 rope_theta",
    ),
    "tip.layout": (
        "Which dimension holds which value: sin and cos of each pair side by side (the "
        "paper) or all sines, then all cosines (tensor2tensor, the TensorFlow tutorial)",
        "어느 차원에 어떤 값이 놓이는지: 짝마다 사인과 코사인을 나란히 (논문), 또는 사인을 모두 놓은 뒤 코사인을 모두 (tensor2tensor,"
        " TensorFlow 튜토리얼)",
    ),
    "tip.train_len": (
        "Positions seen in training: beyond it the heatmap and clock are shaded",
        "학습 때 본 위치 수: 그 너머는 히트맵과 시계에서 음영으로 표시됩니다",
    ),
    "tip.play": ("Play or pause the animation (K)", "애니메이션 재생 또는 일시정지 (K)"),
    # --- heatmap ---------------------------------------------------------------------------------
    "heatmap.x_interleaved": (
        "dimension (pair i = columns 2i: sin, 2i+1: cos)",
        "차원 (짝 i: 2i열은 sin, (2i+1)열은 cos)",
    ),
    "heatmap.x_split": (
        "dimension (split halves: column i is sin of pair i, column d_model/2 + i its cos)",
        "차원 (반씩 나눈 배치: 앞 절반은 짝마다 sin, 뒤 절반은 cos)",
    ),
    "layout.interleaved": (
        "interleaved (the paper)",
        "번갈아 배치 (논문)",
    ),
    "layout.split": (
        "split halves [sin | cos]",
        "반씩 나눈 배치 [sin | cos]",
    ),
    "heatmap.y": ("position", "위치"),
    "heatmap.value": ("PE value", "PE 값"),
    "rotation.scale": ("entry of R(k), PE value", "R(k)의 원소, PE 값"),
    "beyond.scale": ("value", "값"),
    "heatmap.title": (
        "PE(pos, dim) · d_model {d_model} · base {base}",
        "PE(pos, dim) · d_model {d_model} · 밑 {base}",
    ),
    "heatmap.legend": (
        "Outlined rows: <b style='color:{pos}'>pos</b>, <b style='color:{offset}'>pos + k</b>"
        " · dashed columns: <b style='color:{select}'>the selected pair</b>.",
        "테두리 행: <b style='color:{pos}'>pos</b>, <b style='color:{offset}'>pos + k</b>"
        " · 점선 열: <b style='color:{select}'>선택한 짝</b>.",
    ),
    "heatmap.hint": (
        "<b>pos</b> (black outline) · <b style='color:{color}'>pos + k</b> (green) · the "
        "selected pair (orange). Hover a cell to read it; click to move pos and select "
        "its pair.",
        "<b>pos</b> (검은 테두리) · <b style='color:{color}'>pos + k</b> (초록) · 선택한 짝 (주황). 칸에"
        " 마우스를 올리면 값이 보이고, 클릭하면 pos와 선택한 짝이 그 칸으로 옮겨 갑니다.",
    ),
    "heatmap.cell": (
        "position <b>{pos}</b>, dimension <b>{dim}</b> = pair {pair} ({func}) · ",
        "위치 <b>{pos}</b>, 차원 <b>{dim}</b> = 짝 {pair} ({func}) · ",
    ),
    "heatmap.cell_split": (
        "position <b>{pos}</b>, column <b>{dim}</b> = pair {pair} ({func}) · ",
        "위치 <b>{pos}</b>, 열 <b>{dim}</b> = 짝 {pair} ({func}) · ",
    ),
    "heatmap.trained": ("trained length {n}", "학습 길이 {n}"),
    "heatmap.mean": (
        " A pixel row is the exact mean of {rows} positions{last}.",
        " 픽셀 한 줄이 위치 {rows}개의 정확한 평균입니다{last}.",
    ),
    "mean_columns": (
        " · a pixel column = mean of {n} dimensions{last}",
        " · 픽셀 한 열 = 차원 {n}개 평균{last}",
    ),
    "mean_columns.part": (
        " · a pixel column = mean of the 1 or 2 dimensions under it",
        " · 픽셀 한 열 = 그 아래 차원 한두 개의 평균",
    ),
    "mean_columns.last": (" (last: {n})", " (끝 열 {n}개)"),
    "heatmap.mean_last": (" (the last: {rows})", " (마지막 줄은 {rows}개)"),
    "heatmap.mean_cols": (
        " A pixel column is the mean of {n} neighbouring dimensions{last}.",
        " 픽셀 한 열은 이웃한 차원 {n}개{last}의 평균입니다.",
    ),
    "heatmap.mean_cols_last": (" (the last: {n})", "(마지막 열은 {n}개)"),
    "heatmap.mean_mixed": (
        " Sin and cos columns are averaged together: a colour can be none of theirs (where sin "
        "≈ 0 and cos ≈ 1, about 0.5).",
        " sin 열과 cos 열이 함께 평균되므로, 어느 차원과도 다른 색이 나올 수 있습니다(sin ≈ 0, "
        "cos ≈ 1인 곳은 약 0.5).",
    ),
    "heatmap.mean_neighbours": (
        " Where neighbouring pairs differ (the fast ones), a colour can be none of theirs.",
        " 이웃한 짝끼리 값이 다른 곳(빠른 짝)에서는 어느 차원과도 다른 색이 나올 수 있습니다.",
    ),
    "heatmap.unresolved": (
        " Hatched: pairs 0…{last} turn within {rows} positions; their means are no "
        "position's values.",
        " 빗금: 짝 0~{last}은(는) 위치 {rows}개 안에서 한 바퀴 넘게 돌아, 그 평균은 어느 위치의 값도 "
        "아닙니다.",
    ),
    "heatmap.pixel": (
        "<br>The pixel under the mouse is the mean of positions {first}…{last} ({n} "
        "positions){dims}: <b>{value}</b>.",
        "<br>마우스 아래 픽셀은 위치 {first}~{last}(위치 {n}개){dims}의 평균입니다: "
        "<b>{value}</b>.",
    ),
    "heatmap.pixel_one": (
        "<br>The pixel under the mouse is the mean of dimensions {first}…{last} at position "
        "{pos}: <b>{value}</b>.",
        "<br>마우스 아래 픽셀은 위치 {pos}, 차원 {first}~{last}의 평균 <b>{value}</b>입니다.",
    ),
    "heatmap.pixel_dims": (" and dimensions {first}…{last}", ", 차원 {first}~{last}"),
    "heatmap.zoom": (
        " Scroll to zoom, drag to pan, double-click for the whole table.",
        " 휠로 확대, 끌어서 이동, 두 번 클릭하면 표 전체를 봅니다.",
    ),
    # --- clock -----------------------------------------------------------------------------------
    "clock.page": ("pairs {first}–{last} of {n}", "짝 {n}개 중 {first}~{last}"),
    "clock.fast": ("fast hand", "초침"),
    "clock.middle": ("middle hand", "분침"),
    "clock.slow": ("slow hand", "시침"),
    "clock.hand_tip": (
        "Which pair the {name} of the large clock shows",
        "큰 시계의 {name}이 보여 줄 짝",
    ),
    "clock.trails": ("trails", "궤적"),
    "clock.trails_tip": (
        "Dots where each hand's tip was at the {n} positions before pos",
        "pos 직전 위치 {n}개에서 각 바늘 끝이 있던 자리를 점으로 찍습니다",
    ),
    "clock.trail_note": (" · dots: the {n} positions before", " · 점: 직전 위치 {n}개"),
    "clock.grid_title": (
        "<b>{n} clock hands</b>, one per pair i ({d_model} dimensions, and each hand is a "
        "sin/cos pair of them) · label: i and, where there is room, positions per turn "
        "<nobr>2π·{base}<sup>2i/\u2060{d_model}</sup></nobr> · "
        "<span style='color:{color}'><nobr>dashed: pos + k</nobr></span>",
        "<b>시계 바늘 {n}개</b>, 짝 i마다 하나 (칸은 {d_model}개이고, 엄밀히는 sin·cos 두 칸이 "
        "바늘 하나를 이룹니다) · 숫자: 짝 번호 i와, 자리가 있으면 한 바퀴에 걸리는 위치 수"
        "(<nobr>2π·{base}<sup>2i/\u2060{d_model}</sup></nobr>) · "
        "<span style='color:{color}'><nobr>점선: pos + k</nobr></span>",
    ),
    "clock.legend": (
        # Bound from the wavelength on: "· 지금 0.0°" was left alone on a line of its own.
        "{name} · pair {pair} · {wave}\u00a0positions\u00a0per\u00a0turn\u00a0·\u00a0at\u00a0{angle}°",
        "{name} · 짝 {pair} · 한\u00a0바퀴에\u00a0{wave}\u00a0위치\u00a0·\u00a0지금\u00a0{angle}°",
    ),
    "clock.beyond": (
        "pos {pos} lies past the trained positions 0…{last}: the model never saw it",
        "pos {pos}은(는) 학습 때 본 위치(0~{last}) 밖입니다: 모델이 본 적 없는 위치입니다",
    ),
    # --- rotation --------------------------------------------------------------------------------
    "rotation.caption": (
        "<b>Relative position is a rotation:</b> PE(pos+k) = R(k)·PE(pos). "
        "R(k) is built from k alone: it stays the same while pos moves. In the addition "
        "formulas i is the pair index, and pair i turns by k·ω<sub>i</sub>, not by k.",
        "<b>상대 위치는 회전입니다:</b> PE(pos+k) = R(k)·PE(pos). R(k)는 k에만 달려 "
        "있으므로 pos가 바뀌어도 그대로입니다. 덧셈 공식의 i는 짝 번호이고, 짝\u00a0i는 k가 "
        "아니라 k·ω<sub>i</sub>만큼 돕니다.",
    ),
    "rotation.matrix": ("R(k = {k})", "회전 행렬 R(k = {k})"),
    "rotation.leading": (
        " (first {dim} of {d_model})",
        " (앞 {dim}/{d_model}차원)",
    ),
    "rotation.zoom": ("zoom: first {n} pairs", "확대: 앞쪽 짝 {n}개"),
    "rotation.column": ("column", "열"),
    "rotation.row": ("row", "행"),
    "rotation.dimension": ("dimension", "차원"),
    "rotation.block": (
        "<b style='color:{color}'>Block of pair {pair}</b> (rows and columns "
        "{a}, {b}) = <nobr>[[cos φ, sin φ], [−sin φ, cos φ]]</nobr>",
        "<b style='color:{color}'>짝 {pair}의 블록</b> ({a}, {b}번 행과 열) = "
        "<nobr>[[cos φ, sin φ], [−sin φ, cos φ]]</nobr>",
    ),
    "rotation.phi": (
        "φ = k·ω<sub>{pair}</sub> = {k} × {omega} = <b>{phi} rad</b> = "
        "<b>{degrees}°</b><br>ω<sub>{pair}</sub> = {base}<sup>−{two_i}/{d_model}"
        "</sup>. Block i turns pair i by k·ω<sub>i</sub>, whatever pos is.",
        "φ = k·ω<sub>{pair}</sub> = {k} × {omega} = <b>{phi} rad</b> = "
        "<b>{degrees}°</b><br>ω<sub>{pair}</sub> = {base}<sup>−{two_i}/{d_model}"
        "</sup>. pos가 무엇이든 블록 i는 짝 i를 k·ω<sub>i</sub>만큼 돌립니다.",
    ),
    "rotation.vectors": (
        "<b>Pair {pair} of the three vectors</b> (sin, cos):",
        "<b>세 벡터에서 짝 {pair}의 두 값</b> (sin, cos):",
    ),
    "rotation.error": (
        "max over dimensions of |R(k)·PE(pos) − PE(pos+k)| = {error} (float64 "
        "rounding: the identity is exact)",
        "차원 전체에서 |R(k)·PE(pos) − PE(pos+k)|의 최댓값 = {error} (float64 반올림 "
        "오차일 뿐, 항등식은 정확합니다)",
    ),
    "rotation.precision": (
        "Pair 0's angle (pos × 1) is exact; the largest rounded one, pair 1's, is {angle}"
        " rad, held to ±{error} rad (ω₁ and pos·ω₁ are each rounded): sin and cos keep "
        "about {digits} correct decimals.",
        "짝 0의 각도(pos × 1)는 정확합니다. 반올림되는 가장 큰 각도인 짝 1의 각도는 {angle} rad이고 오차는 ±{error} "
        "rad 이내입니다(ω₁과 pos·ω₁이 각각 반올림됩니다). 사인과 코사인 값은 소수점 아래 약 {digits}자리까지 정확합니다.",
    ),
    "rotation.precision_lost": (
        "Pair 0's angle (pos × 1) is exact; the largest rounded one, pair 1's, is {angle}"
        " rad, held only to ±{error} rad: sin and cos keep just {digits} correct "
        "decimals.",
        "짝 0의 각도(pos × 1)는 정확합니다. 반올림되는 가장 큰 각도인 짝 1의 각도는 {angle} rad이고 오차가 ±{error} rad에"
        " 이릅니다. 사인과 코사인 값은 소수점 아래 {digits}자리만 정확합니다.",
    ),
    # --- presenter keys --------------------------------------------------------------------------
    "keys.title": (
        "Presenter keys",
        "발표 모드 단축키",
    ),
    "keys.intro": (
        "In a text field, typing, ↑ ↓ and Enter go to the field; PageDown, PageUp, F5, "
        "the function keys, Ctrl combinations and, in a number field, B and . still act. "
        "Enter or Esc (which cancels) hands the keys back, as does a click outside the "
        "field.",
        "입력란에 커서가 있으면 글자 입력, ↑ ↓, Enter는 입력란이 받습니다. PageDown, PageUp, F5, 기능 키, Ctrl 조합 "
        "키, 그리고 숫자 입력란에서는 B 키와 . 키도 그대로 작동합니다. Enter나 Esc(입력 취소)를 누르거나 입력란 밖을 클릭하면 키 입력이 "
        "다시 발표 화면으로 돌아갑니다.",
    ),
    "keys.close": ("Esc, F1 or ? closes this list.", "Esc, F1 또는 ?로 이 목록을 닫습니다."),
    "keys.next": (
        "next position (Shift: +10); in a deck, the next step",
        "다음 위치 (Shift: +10), 강의 순서에서는 다음 단계",
    ),
    "keys.previous": (
        "previous position (Shift: −10); in a deck, the step before",
        "이전 위치 (Shift: −10), 강의 순서에서는 이전 단계",
    ),
    "keys.first": ("first position", "첫 위치"),
    "keys.last": ("last position", "마지막 위치"),
    "keys.go_to": (
        "type a position, then Enter: go there",
        "위치를 입력하고 Enter: 그 위치로 이동",
    ),
    "keys.k_down": ("offset k − 1", "간격 k − 1"),
    "keys.k_up": ("offset k + 1", "간격 k + 1"),
    "keys.play": ("play / pause", "재생 / 일시정지"),
    "keys.presenter": ("presenter mode (Esc leaves)", "발표 모드 (Esc로 나감)"),
    "keys.black": ("black screen", "검은 화면"),
    "keys.white": ("white screen", "흰 화면"),
    "keys.larger": ("larger type", "글자 크게"),
    "keys.smaller": ("smaller type", "글자 작게"),
    "keys.reset_type": ("type size back to normal", "글자 크기 원래대로"),
    "keys.escape": (
        "close this list, the blank screen, the stage or presenter mode",
        "이 목록, 빈 화면, 무대 또는 발표 모드 닫기",
    ),
    "keys.overlay": ("this overlay", "이 목록"),
    # --- export dialog ---------------------------------------------------------------------------
    "export.title": ("Export figure", "그림 내보내기"),
    "export.title_animation": ("Export animation", "애니메이션 내보내기"),
    "export.view_label": ("View", "보기"),
    "export.size_label": ("Size", "크기"),
    "export.from": ("From position", "시작 위치"),
    "export.to": ("To position", "끝 위치"),
    "export.rate": ("Frame rate", "프레임 속도"),
    "export.rate_suffix": (" frames/s", " 프레임/초"),
    "export.caption": (
        "Stamp d_model, base, pos and k under the figure",
        "그림 아래에 d_model, base, pos, k 적기",
    ),
    "export.file": ("File", "파일"),
    "export.browse": ("Browse…", "찾아보기…"),
    "export.on_screen": ("As on screen ({width} × {height})", "화면 그대로 ({width} × {height})"),
    "export.custom": ("Custom", "직접 지정"),
    "export.need_file": ("Choose a file to write.", "저장할 파일을 고르세요."),
    "export.need_suffix": (
        "The file name must end in {suffixes}.",
        "파일 이름의 끝은 {suffixes} 가운데 하나여야 합니다.",
    ),
    "export.folder_given": (
        "That is a folder; choose a file name.",
        "선택한 것은 폴더입니다. 파일 이름을 입력하세요.",
    ),
    "export.folder_missing": ("The folder {path} does not exist.", "{path} 폴더가 없습니다."),
    "export.order_dialog": (
        "The last position must not come before the first.",
        "끝 위치가 시작 위치보다 앞설 수 없습니다.",
    ),
    "export.filter_still": (
        "PNG image (*.png);;SVG vector (*.svg);;PDF document (*.pdf)",
        "PNG 이미지 (*.png);;SVG 벡터 (*.svg);;PDF 문서 (*.pdf)",
    ),
    "export.filter_gif": ("Animated GIF (*.gif)", "움직이는 GIF (*.gif)"),
    "export.filter_npy": ("NumPy array (*.npy)", "NumPy 배열 (*.npy)"),
    "view.window": ("Whole window (the three main views)", "창 전체 (세 가지 주요 보기)"),
    "view.heatmap": ("Heatmap", "히트맵"),
    "view.clock": ("Clock hands", "시계 바늘"),
    "view.bigclock": ("The large clock", "큰 시계"),
    "view.dials": ("The dial grid", "시계판 격자"),
    "view.rotation": ("R(k) panel", "R(k) 패널"),
    "view.embedding": ("Embedding + position", "임베딩 + 위치"),
    "view.worked": ("Worked example table", "계산 예시 표"),
    "view.unique": ("Every position is unique", "모든 위치는 서로 다름"),
    "view.distance": ("Distance, not position", "위치가 아니라 거리"),
    "view.wavelength": ("Wavelength ruler", "파장 눈금자"),
    "view.beyond": ("Beyond the trained length", "학습 길이 너머"),
    "view.why": (
        "Why position? (toy self-attention)",
        "왜 위치가 필요한가 (작은 셀프 어텐션 예제)",
    ),
    "view.rope": ("RoPE: rotary position embedding", "RoPE: 회전 위치 임베딩"),
    "view.scaling": ("Context extension (RoPE scaling)", "컨텍스트 길이 늘리기 (RoPE 스케일링)"),
    "view.alibi": ("ALiBi: linear biases", "ALiBi: 선형 편향"),
    # --- RoPE ---------------------------------------------------------------------------------
    "rope.caption": (
        "<b>RoPE.</b> Instead of adding PE to the input, RoPE turns pair i of the query and of "
        "the key by its position times θ<sub>i</sub> (θ<sub>i</sub> = "
        "<nobr>base<sup>−2i/head_dim</sup></nobr>, base = rope_theta = {base}: fast pairs to "
        "slow ones, as in PE). The score q<sub>m</sub>·k<sub>n</sub> then depends on m − n "
        "alone: the rotation identity PE(pos+k) = R(k)·PE(pos), moved inside attention.",
        "<b>RoPE.</b> RoPE는 입력에 PE를 더하는 대신 쿼리와 키의 짝 i를 위치 × θ<sub>i</sub>만큼 "
        "돌립니다(θ<sub>i</sub> = <nobr>base<sup>−2i/head_dim</sup></nobr>, base = rope_theta = "
        "{base}. PE처럼 빠른 짝부터 느린 짝까지). 그러면 점수 q<sub>m</sub>·k<sub>n</sub>은 "
        "m − n에만 달려 있습니다. 회전 항등식 PE(pos+k) = R(k)·PE(pos)가 어텐션 안으로 들어간 "
        "것입니다.",
    ),
    "rope.head_dim": ("head_dim", "헤드 차원 head_dim"),
    "rope.layout": ("pairs", "짝 배치"),
    "rope.interleaved": ("interleaved (2i, 2i+1)", "번갈아 배치 (2i, 2i+1)"),
    "rope.half": ("half (i, i + head_dim/2)", "반씩 나눈 배치 <nobr>(i, i + head_dim/2)</nobr>"),
    "rope.interleaved_note": (
        "Pairs (2i, 2i+1) as here are RoFormer's, GPT-\u2060J's and Meta's Llama code's",
        "이 배치(짝 = (2i, 2i+1))는 RoFormer, GPT-\u2060J, Meta의 Llama 코드가 씁니다",
    ),
    "rope.half_note": (
        "Pairs (i, i + head_dim/2) as here are GPT-\u2060NeoX's and Hugging Face's (rotate_half)",
        "이 배치(짝 = <nobr>(i, i + head_dim/2)</nobr>)는 GPT-\u2060NeoX와 Hugging Face(rotate_half)가 씁니다",
    ),
    "rope.decay_base": ("base {base}", "밑\u00a0base {base}"),
    "rope.scores": (
        "q<sub>m</sub>·k<sub>n</sub>, positions 0…{n}",
        "q<sub>m</sub>·k<sub>n</sub>, 위치 0~{n}",
    ),
    "rope.decay": (
        "RoFormer's upper bound of |q<sub>m</sub>·k<sub>n</sub>| against m − n (head_dim {head_dim})",
        "m − n에 따른 |q<sub>m</sub>·k<sub>n</sub>|의 상한 (RoFormer, head_dim {head_dim})",
    ),
    "rope.n": ("key position n", "키 위치 n"),
    "rope.m": ("query position m", "쿼리 위치 m"),
    "rope.score": ("score", "점수"),
    "rope.distance": ("distance m − n", "거리 m − n"),
    "rope.bound": ("bound (relative)", "상한 (상대값)"),
    "rope.turn": (
        "Pair {pair}: the query at m = {sum} = {m} is turned by m·θ, the key at n = pos = {n} "
        "by n·θ (θ = {theta}). The angle between them is their angle at m = n plus "
        "(m\u00a0−\u00a0n)·θ\u00a0=\u00a0{rad}\u00a0rad\u00a0=\u00a0{degrees}°: the arc from qₙ "
        "(dashed, the query as it stands at n) to qₘ.{reduced}",
        "짝 {pair}: 쿼리는 위치 m = {sum} = {m}에서 m·θ만큼, 키는 위치 n = pos = {n}에서 n·θ만큼 "
        "돌았습니다(θ = {theta}). 둘 사이의 각은 m = n일 때의 각에 "
        "(m\u00a0−\u00a0n)·θ\u00a0=\u00a0{rad}\u00a0rad\u00a0=\u00a0{degrees}°를 더한 것입니다. 그림에서는 "
        "이 각을 qₙ(점선: 쿼리가 위치 n에 있을 때)에서 qₘ까지의 호로 나타냈습니다.{reduced}",
    ),
    "rope.same": (
        "Pair {pair}: at k = 0 the query and the key stand at the same position, m = n = {n}, "
        "both turned by n·θ (θ = {theta}): the angle between them is their angle at m = n, "
        "and (m − n)·θ = 0.",
        "짝 {pair}: k = 0이면 쿼리와 키가 같은 위치 m = n = {n}에 있어 둘 다 n·θ만큼 "
        "돌았습니다(θ = {theta}). 둘 사이의 각은 m = n일 때의 각 그대로이고, (m − n)·θ = 0입니다.",
    ),
    "rope.reduced": (
        " Within one turn: {degrees}°.",
        " 한 바퀴(0~360°) 안으로 옮기면 {degrees}°입니다.",
    ),
    "rope.result": (
        "In the matrix (|score| up to {largest}) each diagonal m − n holds one value, to within "
        "{spread}. {layout}. The other layout, {other}, differs by a fixed permutation of the "
        "query's and key's dimensions (so of the rows of q_proj's and k_proj's weights): "
        "permuted, the two give the same scores, to within {permuted}.",
        "행렬(|점수| 최대 {largest})의 각 대각선 m − n에는 값이 하나뿐이며, 차이는 {spread} "
        "이내입니다. {layout}. 다른 배치({other})와의 차이는 쿼리와 키의 차원 순서(곧 q_proj·k_proj "
        "가중치의 행 순서)를 정해진 대로 바꾼 것뿐입니다. 순서를 맞추면 두 배치의 점수 "
        "차이는 {permuted} 이내입니다.",
    ),
    # --- context extension ----------------------------------------------------------------------
    "scaling.caption": (
        "<b>Context extension.</b> A model trained on L0 positions meets longer texts, where its "
        "slow pairs would turn to angles it never saw. Each extension method rescales "
        "θ<sub>i</sub> (rope_theta = {base}): linear (Position Interpolation) divides every θ by "
        "s, so that over s·L0 every pair turns as far as it did over L0; NTK-aware raises the "
        "base, which divides the slowest pair's θ by s; dynamic NTK raises it with the length "
        "(as Hugging Face computes it, factor s at length s·L0 divides the slowest θ by "
        "s<sup>2</sup> − s + 1, not s); YaRN and Llama 3.1 choose per pair, from how often it "
        "turns within L0: they are built to keep the θ of pairs that turn often (they tell "
        "neighbours apart) and divide by s those that turn rarely, with a ramp between. Which "
        "pairs each keeps depends on the base, head_dim and L0; the line under the plots says it "
        "for these settings.",
        "<b>컨텍스트 길이 늘리기.</b> 길이 L0까지만 학습한 모델이 더 긴 글을 만나면 느린 짝이 본 적 "
        "없는 각도까지 돌게 됩니다. 길이를 늘리는 각 방법은 θ<sub>i</sub>(rope_theta = {base})를 "
        "다시 조정합니다. 선형(Position Interpolation)은 모든 θ를 s로 나누므로, 길이 s·L0까지 가도 "
        "모든 짝이 L0까지 돌던 만큼만 돕니다. NTK\u00a0방식은 밑\u00a0base를 키워 가장 느린 짝의 θ를 "
        "s로 나눕니다. 동적\u00a0NTK는 길이에 따라 밑을 키우는데, Hugging Face의 계산대로라면 배율 s, "
        "길이 s·L0에서 가장 느린 짝의 θ를 s가 아니라 s<sup>2</sup> − s + 1로 나눕니다. YaRN과 Llama "
        "3.1은 짝마다 L0 안에서 몇 바퀴 도는지를 보고 θ를 얼마나 줄일지 정합니다. 두 방법 모두 자주 "
        "도는 짝(이웃 위치를 구별하는 짝)의 θ는 그대로 두고, 드물게 도는 짝의 θ는 s로 나누며, 그 "
        "사이의 짝은 비율을 서서히 바꿔 잇도록 설계되었습니다. 어느 짝을 그대로 두는지는 밑, "
        "head_dim, L0에 따라 달라지므로, 지금 설정에서의 결과는 그래프 아래 줄에 적었습니다.",
    ),
    "scaling.preset": ("model", "모델"),
    "scaling.custom": ("your own values", "직접 입력"),
    "scaling.model": ("{name} (rope_theta {base})", "{name} (밑 {base})"),
    "scaling.method": ("method", "방법"),
    "scaling.all": ("all side by side", "모두 나란히"),
    "scaling.linear": ("linear (PI)", "선형 (PI)"),
    "scaling.ntk": ("NTK-aware", "NTK 방식"),
    "scaling.dynamic": ("dynamic NTK", "동적 NTK"),
    "scaling.yarn": ("YaRN", "YaRN"),
    "scaling.llama3": ("Llama 3.1", "Llama 3.1 방식"),
    "scaling.default": ("none (θ as trained)", "없음 (학습 때의 θ 그대로)"),
    "scaling.none_note": (
        " No rescaling: every θ is as in training (a configuration without rope_scaling does "
        "this), so past L0 the slowest pairs, which take up to {longest} positions a turn, "
        "reach angles they never reached within L0.",
        " 다시 조정하지 않아 모든 θ가 학습 때 그대로입니다(config에 rope_scaling이 없는 모델이 "
        "이렇습니다). 그래서 L0보다 먼 위치에서는 한 바퀴에 최대 {longest} 위치가 걸리는 느린 짝이 "
        "L0 안에서는 가 보지 못한 각도까지 돕니다.",
    ),
    "scaling.none_turned": (
        " No rescaling: every θ is as in training. Here every pair turns at least once within "
        "L0 (the longest wavelength is {longest} positions), so past L0 no single pair reaches "
        "an angle it never reached; their combinations are new.",
        " 다시 조정하지 않아 모든 θ가 학습 때 그대로입니다. 여기서는 모든 짝이 L0 안에서 한 바퀴 "
        "이상 돌므로(가장 긴 파장이 {longest} 위치), L0를 넘어도 짝 하나하나는 처음 보는 각도가 "
        "없습니다. 다만 각도들의 조합은 새롭습니다.",
    ),
    "scaling.split": (" The {method} curve: {parts}.", " {method} 곡선: {parts}."),
    "scaling.split_kept": ("θ kept on {pairs}", "{pairs}은(는) θ 그대로"),
    "scaling.split_between": (
        "between θ and θ/s on {pairs}",
        "{pairs}은(는) θ와 θ/s 사이(경사)",
    ),
    "scaling.split_divided": ("θ/s on {pairs}", "{pairs}은(는) θ/s"),
    "scaling.split_none_divided": (
        "no pair comes down to θ/s (the least θ′/θ is {least})",
        "θ/s까지 줄어드는 짝은 없음(가장 작은 θ′/θ = {least})",
    ),
    "scaling.split_all_kept": (
        " The {method} curve: every pair keeps its θ.",
        " {method} 곡선: 모든 짝의 θ가 그대로입니다.",
    ),
    "scaling.split_one_kept": (
        " The {method} curve: the one pair keeps its θ.",
        " {method} 곡선: 하나뿐인 짝의 θ가 그대로입니다.",
    ),
    "scaling.split_one_divided": (
        " The {method} curve: the one pair's θ is divided by s.",
        " {method} 곡선: 하나뿐인 짝의 θ를 s로 나눕니다.",
    ),
    "scaling.split_all_divided": (
        " The {method} curve: every pair's θ is divided by s.",
        " {method} 곡선: 모든 짝의 θ를 s로 나눕니다.",
    ),
    "scaling.factor": ("s", "배율 s"),
    "scaling.original_len": ("L0", "학습 길이 L0"),
    "scaling.paper": ("YaRN as its paper writes it (left)", "논문에 적힌 YaRN (왼쪽)"),
    "scaling.before": ("wavelengths before (right)", "바꾸기 전 파장 (오른쪽)"),
    "scaling.yarn_note": (
        " YaRN is drawn as Hugging Face transformers computes it: a "
        "linear ramp over the pair index. The paper ramps over r = L0/λ, the turns a pair "
        "makes within L0 (dashed); the two differ by up to {gap} in θ′/θ ({where}).",
        " YaRN은 Hugging Face transformers가 계산하는 대로, 짝 번호에 따라 직선으로 "
        "바뀌는 경사(ramp)로 그렸습니다. 논문은 짝이 L0 안에서 도는 바퀴 수 r = L0/λ에 대해 경사를 둡니다"
        "(점선). 둘은 θ′/θ에서 최대 {gap}만큼 다릅니다({where}).",
    ),
    "scaling.at_pair": ("pair\u00a0{pair}", "짝\u00a0{pair}"),
    "scaling.at_pairs": ("pairs\u00a0{first}…{last}", "짝\u00a0{first}~{last}"),
    "scaling.at_some": (
        "at {n} pairs, the first pair\u00a0{first}",
        "짝 {n}개, 처음은 짝\u00a0{first}",
    ),
    "scaling.yarn_same": (
        " YaRN is drawn as Hugging Face transformers computes it, a linear ramp over the pair "
        "index; the paper ramps over r = L0/λ (dashed). Here the two agree on every pair.",
        " YaRN은 Hugging Face transformers가 계산하는 대로, 짝 번호에 따라 직선으로 바뀌는 "
        "경사(ramp)로 그렸습니다. 논문은 r = L0/λ에 대해 경사를 둡니다(점선). 여기서는 둘의 "
        "θ′/θ가 모든 짝에서 같습니다.",
    ),
    "scaling.l0": ("trained L0 = {n}", "학습 길이 L0 = {n}"),
    "scaling.target": ("target s·L0 = {n}", "목표 길이 s·L0 = {n}"),
    "scaling.ratio_title": ("θ′/θ per pair", "짝별 θ′/θ"),
    "scaling.wave_title": (
        "wavelength per pair (log scale)",
        "짝별 파장 (로그 눈금)",
    ),
    "scaling.pair": ("pair i", "짝 i"),
    "scaling.ratio": ("θ′/θ", "θ′/θ"),
    "scaling.wavelength": ("positions per turn", "한 바퀴에 걸리는 위치 수"),
    "scaling.result": (
        "s = {s}: from L0 = {l0} to s·L0 = {target} positions{dynamic}. Attention factor: "
        "{factors}.",
        "s = {s}: L0 = {l0}에서 s·L0 = {target} 위치까지{dynamic}. 어텐션 배율(attention "
        "factor): {factors}.",
    ),
    # --- ALiBi --------------------------------------------------------------------------------
    "alibi.caption": (
        "<b>ALiBi.</b> Press et al. add no position vector at all: before the softmax, head h "
        "subtracts m<sub>h</sub>·|i − j| from the score of query i and key j, a penalty that "
        "grows with the distance, with a fixed slope m<sub>h</sub> per head. As with RoPE, the "
        "effect depends on i − j alone: RoPE turns q and k so that their dot product depends on "
        "the distance, ALiBi adds −m<sub>h</sub>·|i − j| to it.",
        "<b>ALiBi.</b> ALiBi(Press 등)는 위치 벡터를 아예 더하지 않습니다. 소프트맥스 전에 헤드 h는 쿼리 i와 "
        "키 j의 점수에서 m<sub>h</sub>·|i − j|를 뺍니다. 거리가 멀수록 커지는 벌점이며, 기울기 "
        "m<sub>h</sub>는 헤드마다 정해져 있습니다. RoPE처럼 그 효과는 i − j에만 달려 있습니다. "
        "RoPE는 q와 k를 돌려 둘의 내적이 거리에 따라 달라지게 하고, ALiBi는 내적에 "
        "−m<sub>h</sub>·|i − j|를 더합니다.",
    ),
    "alibi.heads": ("heads H", "헤드 수 H"),
    "alibi.causal": ("causal mask", "인과 마스크"),
    "alibi.matrix": ("head {head}: m = {slope}", "헤드 {head}: m = {slope}"),
    "alibi.key": ("key j", "키 j"),
    "alibi.query": ("query i", "쿼리 i"),
    "alibi.head": ("head h", "헤드 h"),
    "alibi.slope": ("slope m<sub>h</sub>", "기울기 m<sub>h</sub>"),
    "alibi.distance": ("distance |i − j|", "거리 |i − j|"),
    "alibi.bias": ("bias", "편향"),
    "alibi.scale": ("bias ÷ {length}·m<sub>h</sub>", "편향 ÷ {length}·m<sub>h</sub>"),
    "alibi.other_lines": ("the other {n} heads", "나머지 헤드 {n}개"),
    "alibi.slopes": ("{heads} slopes (log scale)", "기울기 {heads}개 (로그 눈금)"),
    "alibi.slopes_one": ("1 slope (log scale)", "기울기 1개 (로그 눈금)"),
    "alibi.lines": (
        "bias −m<sub>h</sub>·|i − j| of every head against the distance",
        "거리에 따른 헤드별 편향 −m<sub>h</sub>·|i − j|",
    ),
    "alibi.result": (
        "The steepest slope is {steep} (head {steep_head}), the gentlest {gentle} (head "
        "{gentle_head}).",
        "가장 가파른 기울기는 {steep}(헤드 {steep_head}), 가장 완만한 기울기는 {gentle}(헤드 "
        "{gentle_head})입니다.",
    ),
    "alibi.result_one": (
        "One head, one slope: m<sub>1</sub> = {steep}, the rule for a power of two, "
        "2<sup>−8h/H</sup>, at H = 1 (= 2<sup>0</sup>).",
        "헤드가 하나이니 기울기도 하나입니다: m<sub>1</sub> = {steep}. 헤드 수가 2의 거듭제곱일 때의 "
        "규칙 2<sup>−8h/H</sup>에서 H = 1일 때의 값입니다.",
    ),
    "alibi.power": (
        "H = {heads} is a power of two: m<sub>h</sub> = 2<sup>−8h/H</sup>, each slope "
        "2<sup>−{step}</sup> times the one before.",
        "H = {heads}은(는) 2의 거듭제곱이므로 m<sub>h</sub> = 2<sup>−8h/H</sup>이고, 각 기울기는 "
        "앞의 것의 2<sup>−{step}</sup>배입니다.",
    ),
    "alibi.other": (
        "H = {heads} is not a power of two: the {closest} slopes of {closest} heads (the largest "
        "power of two below H), then {rest} more, every other slope of {double} heads: {extra} "
        "(as in Press et al.'s code).",
        "H = {heads}은(는) 2의 거듭제곱이 아니므로, H보다 작은 가장 큰 2의 거듭제곱 {closest}에 맞춘 "
        "기울기 {closest}개를 먼저 쓰고, 나머지 {rest}개는 헤드가 {double}개일 때의 기울기에서 하나씩 "
        "걸러 가져옵니다: {extra} (Press 등의 코드와 같음).",
    ),
    "alibi.other_one": (
        "H = {heads} is not a power of two: the {closest} slopes of {closest} heads (the largest "
        "power of two below H), then the first slope of {double} heads: {extra} (as in Press et "
        "al.'s code).",
        "H = {heads}은(는) 2의 거듭제곱이 아니므로, H보다 작은 가장 큰 2의 거듭제곱 {closest}에 맞춘 "
        "기울기 {closest}개를 먼저 쓰고, 나머지 1개는 헤드가 {double}개일 때의 첫 기울기 {extra}입니다 "
        "(Press 등의 코드와 같음).",
    ),
    "alibi.own_scale": (
        " Each matrix has its own scale: −1 is its head's largest penalty, {length}·m<sub>h</sub>.",
        " 행렬마다 색 눈금이 다릅니다. −1은 그 헤드의 가장 큰 벌점 {length}·m<sub>h</sub>입니다.",
    ),
    "alibi.masked": (
        " Hatched cells: the causal mask (a query does not see later keys).",
        " 빗금 친 칸: 인과 마스크 (쿼리는 뒤에 오는 키를 보지 않습니다).",
    ),
    # --- decks --------------------------------------------------------------------------------
    "menu.open_deck": ("Open &deck…", "강의 순서 열기(&D)…"),
    "menu.default_deck": ("Open the &built-in deck", "기본 강의 순서 열기(&B)"),
    "menu.add_scene": ("&Add this view to the deck", "이 보기를 강의 순서에 추가(&A)"),
    "menu.save_deck": ("Sa&ve deck…", "강의 순서 저장(&V)…"),
    "menu.close_deck": ("C&lose deck", "강의 순서 닫기(&L)"),
    "dialog.deck_failed": ("Deck not used", "강의 순서를 쓸 수 없음"),
    "deck.filter": ("Lecture decks (*.toml)", "강의 순서 (*.toml)"),
    "deck.opened": (
        "Deck opened: {n} scenes. Next and previous step through them; Ctrl+PageDown and "
        "Ctrl+PageUp jump a scene.",
        "강의 순서를 열었습니다: 장면 {n}개. 다음/이전 키로 넘기고, Ctrl+PageDown과 Ctrl+PageUp으로 "
        "장면을 건너뜁니다.",
    ),
    "deck.added": ("Scene {n} of {total} added", "장면 {total}개 중 {n}번째를 추가했습니다"),
    "deck.end": ("The last scene of the deck", "강의 순서의 마지막 장면입니다"),
    "deck.start": ("The first scene of the deck", "강의 순서의 첫 장면입니다"),
    "deck.none": (
        "No deck is open (File ▸ Open deck… or File ▸ Add this view to the deck)",
        "열린 강의 순서가 없습니다 (파일 ▸ 강의 순서 열기… 또는 이 보기를 강의 순서에 추가)",
    ),
    "deck.nested": (
        "deck: values nested too deep to read",
        "강의 순서: 값이 너무 깊이 중첩되어 읽을 수 없습니다",
    ),
    "deck.no_view": ("the scene names no view", "장면에 view가 없습니다"),
    "deck.not_file": (
        "deck: not a regular file (a folder, device or pipe): {path}",
        "강의 순서: 일반 파일이 아닙니다 (폴더, 장치, 파이프 등): {path}",
    ),
    "scaling.one_pair": (
        " With head_dim 2 there is one pair, and θ<sub>0</sub> = base<sup>0</sup> = 1 at any "
        "base: NTK-aware and dynamic NTK leave it as it is.",
        " head_dim이 2이면 짝이 하나뿐이고 θ<sub>0</sub> = base<sup>0</sup> = 1은 밑과 상관없으므로, "
        "NTK 방식과 동적 NTK는 그 θ를 바꾸지 않습니다.",
    ),
    "scaling.dynamic_drawn": (
        " (dynamic NTK drawn at that length)",
        " (동적 NTK는 그 길이에서 그렸습니다)",
    ),
    "deck.banner": (
        "<b>{n}/{total} · {title}</b>{note}",
        "<b>{n}/{total} · {title}</b>{note}",
    ),
    "keys.next_scene": (
        "next scene of the deck; on stage without one, the next view",
        "강의 순서의 다음 장면, 강의 순서 없이 무대에서는 다음 보기",
    ),
    "keys.previous_scene": (
        "previous scene of the deck; on stage without one, the view before",
        "강의 순서의 이전 장면, 강의 순서 없이 무대에서는 이전 보기",
    ),
    "keys.stage": (
        "stage: this view alone, type and lines for the back row (Esc leaves)",
        "무대: 이 보기만 크게, 뒷줄에서도 보이는 글자와 선 (Esc로 나감)",
    ),
    "keys.stage_theme": ("on stage: dark or light", "무대에서: 어둡게 또는 밝게"),
    "keys.console": (
        "presenter console: this scene, its explanations, the next scene, the time",
        "발표자 화면: 지금 장면, 그 설명, 다음 장면, 경과 시간",
    ),
    "menu.console": ("Presenter &console", "발표자 화면(&C)"),
    "console.title": ("PE Clock — presenter console", "PE Clock — 발표자 화면"),
    "console.next": ("Next: {title}", "다음: {title}"),
    "console.last": ("(the last scene)", "(마지막 장면)"),
    "console.no_next": ("no deck: the view on stage", "강의 순서 없음: 무대의 보기"),
    "console.time": ("{time} since the start", "시작부터 {time}"),
    "console.step": ("pos {pos}", "위치 {pos}"),
    "console.step_range": (
        "pos {pos} · the scene steps {lo}–{hi}",
        "위치 {pos} · 이 장면은 {lo}~{hi}",
    ),
    "deck.field": ("deck, scene {n}, {name}: {message}", "강의 순서 장면 {n}, {name}: {message}"),
    "deck.scene": ("deck, scene {n}: {reason}", "강의 순서 장면 {n}: {reason}"),
    "deck.not_table": (
        "deck, scene {n}: a scene must be a [[scene]] table",
        "강의 순서 장면 {n}: 장면은 [[scene]] 표여야 합니다",
    ),
    "deck.unknown": ("not a field a scene has", "장면에 없는 항목입니다"),
    "deck.view": (
        "must be one of {views}; got {value}",
        "{views} 중 하나여야 합니다 (받은 값: {value})",
    ),
    "echo.cut": ("{text}… ({n} characters)", "{text}… (모두 {n}자)"),
    "deck.text": ("must be one line of text", "한 줄짜리 글이어야 합니다"),
    "deck.title": (
        "deck, {name}: must be one line of text",
        "강의 순서, {name}: 한 줄짜리 글이어야 합니다",
    ),
    "deck.handout_pos": (
        "must be a whole position, 0 or more",
        "0 이상의 정수 위치여야 합니다",
    ),
    "deck.boolean": ("must be true or false", "값은 true 또는 false 중 하나여야 합니다"),
    "deck.slide_title": ("{n}/{total} · {title}", "{n}/{total} · {title}"),
    "deck.positions": (
        "must be [first, last], two whole numbers with 0 <= first <= last",
        "[first, last] 꼴의 두 정수여야 합니다 (0 <= first <= last)",
    ),
    "deck.range": (
        "must lie within the scene's table, {lo} to {hi}",
        "장면의 표 안, {lo}부터 {hi}까지여야 합니다",
    ),
    "deck.dots": (
        "deck: line {line} has more than {limit} dots; no deck needs that many",
        "강의 순서: {line}번째 줄에 점(.)이 {limit}개보다 많습니다. 강의 순서에는 그렇게 많이 쓸 일이 없습니다",
    ),
    "deck.dots_total": (
        "deck: more than {limit} dots; no deck needs that many",
        "강의 순서: 점(.)이 {limit}개보다 많습니다. 강의 순서에는 그렇게 많이 쓸 일이 없습니다",
    ),
    "deck.too_many": (
        "deck: {n} scenes; a deck holds at most {limit}",
        "강의 순서: 장면이 {n}개입니다. 강의 순서에는 장면이 {limit}개까지 들어갑니다",
    ),
    "handout.earlier": (
        "note: files named like pages but not of this deck remain in the folder, as they were: "
        "{names} ({n} in all)",
        "참고: 이 강의 순서의 페이지가 아닌데 페이지처럼 이름 붙은 파일이 폴더에 그대로 남아 "
        "있습니다: {names} (모두 {n}개)",
    ),
    "deck.toml": ("deck: not valid TOML: {reason}", "강의 순서: 올바른 TOML이 아닙니다: {reason}"),
    "deck.top": (
        "deck: unknown table or key {name} (a deck holds [[scene]] tables only)",
        "강의 순서: 알 수 없는 표나 키 {name} (강의 순서에는 [[scene]] 표만 들어갑니다)",
    ),
    "deck.empty": ("deck: it has no [[scene]]", "강의 순서: [[scene]]이 하나도 없습니다"),
    "deck.no_file": ("deck: no such file: {path}", "강의 순서: 그런 파일이 없습니다: {path}"),
    "deck.too_large": (
        "deck: {path} is larger than {limit} bytes",
        "강의 순서 파일이 {limit}바이트보다 큽니다: {path}",
    ),
    "deck.unreadable": (
        "deck: cannot read {path}: {reason}",
        "강의 순서 파일을 읽을 수 없습니다: {path} ({reason})",
    ),
    # --- why position? -----------------------------------------------------------------------
    "why.caption": (
        "<b>Why position?</b> Self-attention is permutation-equivariant: "
        "Attention(PX) = P·Attention(X). Reorder the words and the outputs are only reordered. "
        "Below, one head with fixed random weights (d = {d}) reads “{a}” and “{b}”: the same "
        "words in another order.",
        "<b>왜 위치가 필요한가?</b> 셀프 어텐션은 순열 등변입니다: "
        "Attention(PX) = P·Attention(X). 단어 순서를 바꾸면 출력도 순서만 바뀝니다. 아래는 "
        "고정된 무작위 가중치(d = {d})를 쓰는 헤드 하나가 “{a}”와 “{b}”를 읽은 결과입니다. "
        "같은 단어가 순서만 다릅니다.",
    ),
    "why.caption_pe": (
        "<b>Why position?</b> Without PE, self-attention is permutation-equivariant: "
        "Attention(PX) = P·Attention(X). Here PE is added to the embeddings, so the same word "
        "at another position enters as another vector. Below, one head with fixed random "
        "weights (d = {d}) reads “{a}” and “{b}”: the same words in another order.",
        "<b>왜 위치가 필요한가?</b> PE가 없으면 셀프 어텐션은 순열 등변입니다: "
        "Attention(PX) = P·Attention(X). 여기서는 임베딩에 PE를 더했으므로, 같은 단어라도 "
        "위치가 다르면 다른 벡터로 들어갑니다. 아래는 고정된 무작위 가중치(d = {d})를 쓰는 "
        "헤드 하나가 “{a}”와 “{b}”를 읽은 결과입니다. 같은 단어가 순서만 다릅니다.",
    ),
    "why.switch": ("Add PE to the embeddings", "임베딩에 PE 더하기"),
    "why.weights": ("attention weights · {sentence}", "어텐션 가중치 · {sentence}"),
    "why.outputs": ("outputs · {sentence}", "출력 · {sentence}"),
    "why.dimension": ("dimension", "차원"),
    "why.weight_scale": ("weight", "가중치"),
    "why.output_scale": ("output value", "출력 값"),
    "why.same": (
        "<b>Without PE</b> the second sentence's outputs are the first's rows, reordered: they "
        "differ by at most {gap} (rounding). Every word, ‘{word}’ among them, gets the same "
        "output in both sentences: the layer cannot tell who does what to whom.",
        "<b>PE가 없으면</b> 두 번째 문장의 출력은 첫 번째 문장의 행 순서만 바꾼 것입니다. "
        "차이는 최대 {gap}(반올림 오차)입니다. ‘{word}’ 같은 단어 하나하나가 두 문장에서 같은 "
        "출력을 받으므로, 이 층은 누가 누구를 사랑하는지 구별하지 못합니다.",
    ),
    "why.differ": (
        "<b>With PE added</b> the reordered rows differ by up to {gap}: each word's output now "
        "depends on where it stands, so the two sentences can mean different things.",
        "<b>PE를 더하면</b> 순서를 맞춘 행끼리도 최대 {gap}만큼 다릅니다. 이제 단어의 출력이 "
        "그 단어가 놓인 위치에 따라 달라지므로 두 문장을 구별할 수 있습니다.",
    ),
    # --- teaching panels ------------------------------------------------------------------------
    "embed.scaled": ("here they are multiplied too.", "여기서도 곱했습니다."),
    "embed.unscaled": ("here they are not.", "여기서는 곱하지 않았습니다."),
    "embed.caption": (
        "<b>Embedding + position = input.</b> The Transformer receives token embedding + "
        "PE(pos). Each PE value lies in [−1, 1], but the vector PE(pos) has length "
        "√(d_model/2) = {pe_norm} at every pos. The paper multiplies the embeddings by "
        "√d_model = {root} first (§3.4); {scaled}",
        "<b>임베딩 + 위치 = 입력.</b> 트랜스포머가 받는 것은 토큰 임베딩 + PE(pos)입니다. PE의 "
        "각 값은 [−1, 1] 안에 있지만 벡터 PE(pos)의 길이는 어느 위치에서나 "
        "√(d_model/2) = {pe_norm}입니다. 논문(§3.4)은 PE를 더하기 전에 임베딩에 "
        "√d_model = {root}을(를) 곱합니다. {scaled}",
    ),
    "embed.pe_larger": (
        " Here PE is the larger part of every sum: ‖E‖ is at most {high}, ‖PE‖ = {pe}.",
        " 지금 값에서는 모든 합에서 PE가 더 큽니다: ‖E‖는 최대 {high}, ‖PE‖ = {pe}입니다.",
    ),
    "embed.e_larger": (
        " Here the embedding is the larger part of every sum: ‖E‖ is at least {low}, ‖PE‖ = {pe}.",
        " 지금 값에서는 모든 합에서 임베딩이 더 큽니다: ‖E‖는 최소 {low}, ‖PE‖ = {pe}입니다.",
    ),
    "embed.mixed": (
        " Here ‖E‖ runs from {low} to {high} beside ‖PE‖ = {pe}: PE is the larger part of some "
        "sums and the smaller of others.",
        " 여기서는 ‖E‖가 {low}에서 {high}까지이고 ‖PE‖ = {pe}이므로, 어떤 합에서는 PE가 더 크고 "
        "어떤 합에서는 더 작습니다.",
    ),
    "embed.scale_switch": (
        "× √d_model (the paper, §3.4)",
        "× √d_model (논문 §3.4)",
    ),
    "range": ("{first}…{last}", "{first}~{last}"),  # positions first to last
    "embed.past_table": (
        "The table (max_len {max_len}) ends at position {end}; PE is defined past it too, as at "
        "{positions} here.",
        "표(max_len {max_len})는 위치 {end}에서 끝나지만, PE는 그 뒤에서도 정의됩니다(여기서는 "
        "위치 {positions}).",
    ),
    "embed.norms": (
        "{name}: ‖E‖ = {e}, ‖PE‖ = {pe}, ‖E + PE‖ = {total}, cos(E, E + PE) = {cosine}",
        "{name}: ‖E‖ = {e}, ‖PE‖ = {pe}, ‖E + PE‖ = {total}, E와 E + PE의 코사인 = {cosine}",
    ),
    "embed.tokens_example": ("token embeddings (example values)", "토큰 임베딩 (예시 값)"),
    "embed.tokens_loaded": ("token embeddings (loaded: {file})", "토큰 임베딩 (불러옴: {file})"),
    "embed.pe": ("PE rows of positions pos, pos+1, …", "위치 pos, pos+1, …의 PE 행"),
    "embed.sum": ("sum: the input the Transformer receives", "합: 트랜스포머가 받는 입력"),
    "embed.scale": (
        "one colour scale for all three: ±{limit}",
        "세 그림 공통 색 눈금: ±{limit}",
    ),
    "embed.load": ("Load embeddings (.npy)…", "임베딩 불러오기(.npy)…"),
    "embed.examples": ("Use the examples", "예시 값으로 되돌리기"),
    "embed.token_names": (
        "I|love|you|very|much|today|in|class",
        "나는|너를|사랑해|정말|많이|오늘|수업|에서",
    ),
    "embed.row": ("row {n}", "{n}행"),
    "worked.caption": (
        "<b>Worked example, d_model = 4.</b> Pair 0 divides pos by "
        "<nobr>{base}<sup>0/4</sup></nobr> = 1, pair 1 by <nobr>{base}<sup>2/4</sup></nobr> {d1}: "
        "the denominators are <nobr>base<sup>2i/d_model</sup></nobr>.",
        "<b>계산 예시, d_model = 4.</b> pos를 나누는 수는 짝 0에서 "
        "<nobr>{base}<sup>0/4</sup></nobr> = 1, 짝 1에서 <nobr>{base}<sup>2/4</sup></nobr> {d1}입니다. 분모는 "
        "<nobr>base<sup>2i/d_model</sup></nobr>입니다.",
    ),
    "worked.formula": (
        "PE({pos}, {dim}) = {expression} = <b>{value}</b> (pair {pair}; to 12 decimals {exact}).",
        "PE({pos}, {dim}) = {expression} = <b>{value}</b> (짝 {pair}, 소수점 아래 12자리: {exact}).",
    ),
    "worked.hint": ("Click a cell to see its formula.", "칸을 클릭하면 그 식이 보입니다."),
    "worked.position": ("position", "위치 pos"),
    "worked.column": ("dim {dim}\n{expr}", "칸 {dim}\n{expr}"),
    "worked.follow": ("Start at the current pos", "현재 pos부터 보기"),
    "worked.copy_text": ("Copy as text", "텍스트로 복사"),
    "worked.copy_csv": ("Copy as CSV", "CSV로 복사"),
    "worked.copied": ("Copied the table to the clipboard", "표를 클립보드에 복사했습니다"),
    "unique.caption": (
        "<b>Every position is unique.</b> No two rows of the table are equal: that is needed "
        "for a model to tell every position apart, but not enough; how close the nearest two "
        "rows are (below) says how hard it is. Strictly, a clock's three hands come back to "
        "the same look every 12 hours (43,200 looks for the 86,400 seconds of a day). These "
        "hands never show the same look twice: pair 0 "
        "alone takes 2π positions per turn, an irrational number, so it never repeats at "
        "whole positions.",
        "<b>모든 위치는 서로 다릅니다.</b> 표의 어느 두 행도 같지 않습니다. 모델이 모든 위치를 "
        "구별하려면 이것이 필요하지만 그것만으로 충분하지는 않습니다. 가장 가까운 두 행이 "
        "얼마나 가까운지(아래)가 구별이 얼마나 어려운지를 보여 줍니다. 시계 비유를 엄밀히 보면, 세 "
        "바늘은 12시간마다 같은 모양으로 돌아옵니다(하루 86,400초에 모양은 43,200가지). 반면 이 "
        "바늘들은 같은 모양을 두 번 보이지 않습니다. "
        "짝 0 하나만 해도 한 바퀴에 2π(무리수)만큼의 위치가 걸리므로, 정수 위치에서는 결코 "
        "되풀이되지 않습니다.",
    ),
    "unique.count": (
        "<b>{distinct}</b> distinct rows among positions 0…{last} ({decimals} decimals): {verdict}",
        "위치 0~{last} 중 서로 다른 행 <b>{distinct}</b>개 (소수점 아래 {decimals}자리): {verdict}",
    ),
    "unique.count_unknown": (
        "Distinct rows among positions 0…{last} ({decimals} decimals): {verdict}",
        "위치 0~{last}의 서로 다른 행 수 (소수점 아래 {decimals}자리): {verdict}",
    ),
    "unique.all": (
        "every position has its own pattern",
        "위치마다 고유한 무늬가 있습니다",
    ),
    "unique.some": ("some rows coincide at this precision", "이 정밀도에서는 일부 행이 겹칩니다"),
    "unique.unknown": (
        "not counted (over {budget} values); the distances below still hold",
        "세지 않음 (표의 값이 {budget}개를 넘음). 아래 거리는 그대로 유효합니다",
    ),
    "unique.distance": (
        "smallest distance between two rows: <b>{distance}</b>, for positions "
        "{offset} apart (‖PE(a) − PE(b)‖ depends on Δ = b − a only)",
        "가장 가까운 두 행의 거리: <b>{distance}</b> (위치 차이 {offset}). 두 행의 거리는 위치 "
        "차이 Δ = b − a에만 달려 있습니다",
    ),
    "unique.partial": (" — searched offsets up to {checked}", " — 위치 차이 {checked}까지 찾음"),
    "unique.range": (
        "all values in [<b>{lo}</b>, <b>{hi}</b>]{rows}, yet every row has the same length, "
        "√(d_model/2) = <b>{norm}</b>.",
        "모든 값이{rows} [<b>{lo}</b>, <b>{hi}</b>] 안에 있지만, 모든 행의 길이는 똑같이 "
        "√(d_model/2) = <b>{norm}</b>입니다.",
    ),
    "unique.rows": (" (first {n} positions)", " (처음 {n}개 위치에서)"),
    "unique.plot": ("‖PE(p) − PE(p + Δ)‖ against Δ", "Δ에 따른 ‖PE(p) − PE(p + Δ)‖"),
    "unique.x": ("offset Δ = b − a", "위치 차이 Δ = b − a"),
    "unique.y": ("distance", "거리"),
    "distance.caption": (
        "<b>Distance, not position.</b> PE(pos)·PE(pos+k) = Σ cos(k·ω<sub>i"
        "</sub>) depends on k alone: the curves for different pos lie on top "
        "of each other.",
        "<b>위치가 아니라 거리.</b> 내적 PE(pos)·PE(pos+k) = Σ cos(k·ω<sub>i</sub>)는 "
        "k에만 달려 있으므로, pos가 달라도 곡선이 겹칩니다.",
    ),
    "distance.curves": ("PE(pos)·PE(pos+k) against k", "k에 따른 PE(pos)·PE(pos+k)"),
    "distance.k": (
        "offset k",
        "간격 k",
    ),
    "distance.dot": ("dot product", "내적"),
    "distance.closed": (
        "Σ cos(k·ω<sub>i</sub>) (closed form)",
        "Σ cos(k·ω<sub>i</sub>) (닫힌 형식)",
    ),
    "distance.matrix": (
        "PE(a)·PE(b) / (d_model/2), positions 0…{last}",
        "PE(a)·PE(b) / (d_model/2), 위치 0~{last}",
    ),
    "distance.scale": ("PE(a)·PE(b) / (d_model/2)", "PE(a)·PE(b) / (d_model/2) 값"),
    "distance.a": ("position a", "위치 a"),
    "distance.b": ("position b", "위치 b"),
    "distance.current": ("current pos", "현재 pos"),
    "distance.spread": (
        "current pos = {pos} · largest gap between a measured curve and the closed form: {gap} "
        "(float64 rounding)",
        "현재 pos = {pos} · 측정한 곡선과 닫힌 형식 사이의 가장 큰 차이: {gap} "
        "(float64 반올림 오차)",
    ),
    "wave.caption": (
        "<b>Wavelength ruler.</b> Pair i needs <nobr>2π·base<sup>2i/\u2060d_model</sup></nobr> positions for "
        "one turn: from 2π = 6.283 (pair 0) to <nobr>2π·base<sup>1 − 2/\u2060d_model</sup> = {longest}</nobr> "
        "(pair&nbsp;{last}).",
        "<b>파장 눈금자.</b> 짝 i가 한 바퀴 도는 데 <nobr>2π·base<sup>2i/\u2060d_model</sup></nobr>개의 위치가 "
        "필요합니다. 짝 0의 2π = 6.283부터 짝 {last}의 <nobr>2π·base<sup>1 − 2/\u2060d_model</sup> = "
        "{longest}</nobr>까지입니다.",
    ),
    "wave.plot": ("wavelength of each pair (log scale)", "짝별 파장 (로그 눈금)"),
    "wave.x": ("pair i", "짝 i"),
    "wave.y": (
        "positions per turn",
        "한 바퀴에 걸리는 위치 수",
    ),
    "wave.max_len": (
        "positions 0…{last}: {last} steps",
        "위치 0~{last} ({last}번 이동)",
    ),
    "wave.summary": (
        "<b>{done}</b> of {total} pairs finish at least one turn over positions 0…{last} "
        "({last} steps); <b>{never}</b> never do (hollow): within the sequence they move "
        "less than a full circle.",
        "짝 {total}개 가운데 <b>{done}</b>개는 위치 0~{last}({last}번 이동) 동안 적어도 한 바퀴를 "
        "돌고, <b>{never}</b>개(속이 빈 점)는 한 바퀴를 다 돌지 못합니다.",
    ),
    "wave.finish": (
        "at least one turn within positions 0…{last}",
        "위치 0~{last} 안에서 한 바퀴 이상 도는 짝",
    ),
    "wave.never": (
        "less than one turn within positions 0…{last}",
        "위치 0~{last} 안에서 한 바퀴를 다 돌지 못하는 짝",
    ),
    "beyond.caption": (
        "<b>Beyond the trained length.</b> Sinusoidal PE is defined at every position. More "
        "precisely, a model trained on {n} positions never saw the combinations of angles of "
        "the shaded ones, so its behaviour there is not guaranteed. A learned table such as "
        "BERT's (512 rows) simply ends.",
        "<b>학습 길이 너머.</b> 사인·코사인 PE는 모든 위치에서 정의됩니다. 더 정확히 말하면, "
        "위치 {n}개로 학습한 모델은 음영 부분 위치의 각도 조합을 본 적이 없으므로 그곳에서의 "
        "동작은 보장되지 않습니다. BERT(512행)처럼 학습되는 위치 임베딩 표는 거기서 그냥 "
        "끝납니다.",
    ),
    "beyond.table": ("<nobr>{name} {rows} × {width} = {count}</nobr>",) * 2,
    "beyond.params": (
        "<b>Parameters.</b> Sinusoidal PE: 0, it is computed. A learned table has max_len × "
        "d_model: {tables}; one for the training length here, {rows} × {d_model} = {count}. "
        "It is drawn with illustrative random values, not a model's{sampled}.",
        "<b>파라미터 수.</b> 사인·코사인 PE는 계산하므로 0개입니다. 학습되는 표의 파라미터 수는 "
        "max_len × d_model입니다: {tables}. 여기 학습 길이에 맞춘 표는 {rows} × {d_model} = {count}개이며, "
        "실제 모델이 아닌 무작위 예시 값으로 그렸습니다{sampled}.",
    ),
    "beyond.sampled": (
        "; {n} rows drawn stand for all of them",
        ". 그림에는 {n}행만 그려 표 전체를 대신 보여 줍니다",
    ),
    "beyond.sinusoid": (
        "sinusoidal PE: continues",
        "사인·코사인 PE: 계속 이어짐",
    ),
    "beyond.learned": (
        "learned table of {n} rows: ends",
        "학습되는 표 {n}행: 끝남",
    ),
    "beyond.no_row": ("no row from position {n}", "위치 {n}부터 행이 없음"),
    # --- argparse's own texts (its gettext message ids), for `pe-clock --lang ko` ---------------
    "argparse.usage: ": ("usage: ", "사용법: "),
    "argparse.options": ("options", "옵션"),
    "argparse.positional arguments": ("positional arguments", "위치 인수"),
    "argparse.show this help message and exit": (
        "show this help message and exit",
        "이 도움말을 보여 주고 끝냅니다",
    ),
    "argparse.%(prog)s: error: %(message)s\n": (
        "%(prog)s: error: %(message)s\n",
        "%(prog)s: 오류: %(message)s\n",
    ),
    "argparse.unrecognized arguments: %s": ("unrecognized arguments: %s", "알 수 없는 인수: %s"),
    "argparse.the following arguments are required: %s": (
        "the following arguments are required: %s",
        "다음 인수가 필요합니다: %s",
    ),
    "argparse.expected one argument": ("expected one argument", "값이 하나 필요합니다"),
    "argparse.argument %(argument_name)s: %(message)s": (
        "argument %(argument_name)s: %(message)s",
        "인수 %(argument_name)s: %(message)s",
    ),
    "argparse.invalid choice: %(value)r (choose from %(choices)s)": (
        "invalid choice: %(value)r (choose from %(choices)s)",
        "잘못된 선택: %(value)r (%(choices)s 중에서 고르세요)",
    ),
    "argparse.ambiguous option: %(option)s could match %(matches)s": (
        "ambiguous option: %(option)s could match %(matches)s",
        "모호한 옵션: %(option)s (%(matches)s 가운데 어느 것인지 알 수 없습니다)",
    ),
    "argparse.ignored explicit argument %r": (
        "ignored explicit argument %r",
        "무시된 명시적 인수 %r",
    ),
    "argparse.unknown parser %(parser_name)r (choices: %(choices)s)": (
        "unknown parser %(parser_name)r (choices: %(choices)s)",
        "알 수 없는 명령 %(parser_name)r (가능한 명령: %(choices)s)",
    ),
}
