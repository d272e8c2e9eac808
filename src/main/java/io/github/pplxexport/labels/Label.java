package io.github.pplxexport.labels;

/**
 * Every literal of the tool's own wording, in one table: the labels of the archive's Markdown and the console lines
 * (progress, summaries, warnings, state notes). Each entry has the reference exporter's (Chinese) text, byte for
 * byte, and an English one ({@link Lang}; {@code --lang} / {@code pplx.lang}); an entry with one text is the same in
 * both. Placeholders are {@code {0}}, {@code {1}}, … in argument order ({@link Labels#format}).
 */
public enum Label {
    // conversation.md
    CONV_TITLE("# {0}"),
    CONV_HEADER("> 模式: {0} | 作者: {1} | 轮次: {2} | 引文: {3}", "> Mode: {0} | Author: {1} | Turns: {2} | Citations: {3}"),
    CONV_TURN("## Turn {0} — {1}"),
    CONV_QUERY("### Query"),
    CONV_ANSWER("### Answer"),
    EMPTY_QUERY("(空)", "(empty)"),
    EMPTY_ANSWER("(无)", "(none)"),

    // turns/turn_NNNN.md
    TURN_TITLE("# Turn {0} — {1}"),
    TURN_QUERY("## Query"),
    TURN_ANSWER("## Answer"),
    TURN_CITATIONS("## 本轮引文", "## Citations of this turn"),
    WORK_PROCESS("## 工作过程", "## Work process"),
    WORK_PROCESS_BLOCK("## 工作过程（{0} 步骤 · {1}{2}）", "## Work process ({0} steps · {1}{2})"),
    STUB_SECTION("## 子代理工作（{0} 个）", "## Sub-agent work ({0})"),
    STUB_NOTE("> 本轮为 subagent_result 通知（自身无工作过程）；以下为按时间关联到的后台子代理记录。",
            "> This turn is a subagent_result notice (no work process of its own); below are the background sub-agent"
                    + " records matched to it by time."),

    // workflow steps
    STEP("### 步骤 {0}", "### Step {0}"),
    STEP_TITLED("### 步骤 {0} · {1}", "### Step {0} · {1}"),
    STEP_TOOL("（`{0}`）", " (`{0}`)"),
    TIME_RANGE(" — {0} → {1}"),
    TAG_SEPARATOR(" · {0}"),
    COUNCIL_STEP("### 步骤 {0} · 🏛️ 模型委员会", "### Step {0} · 🏛️ Model council"),
    COUNCIL_STEP_TITLED("### 步骤 {0} · 🏛️ 模型委员会：{1}", "### Step {0} · 🏛️ Model council: {1}"),
    COUNCIL_MODELS("**模型：** {0}", "**Models:** {0}"),
    COUNCIL_MODEL_SEPARATOR(" · "),
    COUNCIL_SUMMARY("<summary>**{0}**（检索 {1} 词 · 来源 {2} · 答案 {3} 字符）</summary>",
            "<summary>**{0}** ({1} searches · {2} sources · answer {3} characters)</summary>"),
    COUNCIL_ANSWER("**答案：**", "**Answer:**"),
    QUERY_SEPARATOR("、", ", "),
    SUBAGENT_STEP("### 步骤 {0} · 🤖 子代理：{1}{2}{3}", "### Step {0} · 🤖 Sub-agent: {1}{2}{3}"),
    SUBAGENT_PROMPT("**Prompt（任务指令）：**", "**Prompt (task instructions):**"),
    SUBAGENT_WORK("**子代理工作过程：**", "**Sub-agent work process:**"),
    SUBAGENT_CONCLUSION("**子代理结论：**", "**Sub-agent conclusion:**"),
    SUBAGENT_CITATIONS("**子代理引文：**", "**Sub-agent citations:**"),

    // workflow items
    SOURCES("**来源：**", "**Sources:**"),
    TODO_DEFAULT_TITLE("任务清单", "Task list"),
    TODO_TITLE("**{0}**"),
    TODO_DONE("- [x] {0}"),
    TODO_IN_PROGRESS("- [/] {0}"),
    TODO_PENDING("- [ ] {0}"),
    QUERIES("**检索：**", "**Searches:**"),
    USER_QUESTIONS("**向用户提问：**", "**Questions to the user:**"),
    USER_QUESTION("**问：** {0}", "**Q:** {0}"),
    USER_ANSWER("**答：** {0}", "**A:** {0}"),
    UNKNOWN_ITEM("（{0}）", "({0})"),
    NESTED_RECURSION_LIMIT("（嵌套工作流：{0}，已达递归上限）", "(nested workflow: {0}, recursion limit reached)"),
    UNNAMED("未命名", "unnamed"),

    // plain steps
    TOOL_INPUT("**工具输入**（{0}）", "**Tool input** ({0})"),
    TOOL_OUTPUT("**工具输出**（{0}）", "**Tool output** ({0})"),
    THOUGHT("**思考**", "**Thinking**"),
    SEARCH_WEB("**检索网页**", "**Web search**"),
    SEARCH_RESULTS("**检索结果**", "**Search results**"),
    GET_URL_CONTENT("**读取页面**", "**Read page**"),
    SKILL("**{0}**：{1}", "**{0}**: {1}"),
    RESEARCH_ANSWER("**生成研究报告**：{0}", "**Research report written**: {0}"),
    CODE("**代码**", "**Code**"),
    CODE_WITH_LANGUAGE("**代码**（{0}）", "**Code** ({0})"),
    CODE_STDOUT("**输出**", "**Output**"),
    CODE_STDERR("**错误输出**", "**Error output**"),
    ATTACHMENT("**附件**", "**Attachment**"),
    URL_NAVIGATE("**打开页面**", "**Open page**"),
    CREATE_CHART("**创建图表**", "**Create chart**"),
    CREATE_CHART_CAPTIONED("**创建图表**：{0}", "**Create chart**: {0}"),
    GENERATED_IMAGES("**生成图片结果**", "**Generated images**"),
    IMAGE_SIZE("（{0}×{1}）", " ({0}×{1})"),
    UNKNOWN_STEP("**{0}**（未渲染类型）", "**{0}** (type not rendered)"),

    // nested <details> blocks
    DETAILS_OPEN("<details>"),
    DETAILS_CLOSE("</details>"),
    DETAILS_SUMMARY("<summary>{0}：{1}（{2} 步骤 · {3}{4}{5}）</summary>", "<summary>{0}: {1} ({2} steps · {3}{4}{5})</summary>"),
    HAS_CONCLUSION("有结论", "with conclusion"),
    NO_CONCLUSION("无结论", "no conclusion"),
    CITATION_COUNT(" · 引文 {0}", " · {0} citations"),
    NESTED_STEP_HEADING("**{0}**"),
    NO_STEPS("（无工作步骤记录）", "(no work steps recorded)"),
    NESTED_CONCLUSION("**结论：**", "**Conclusion:**"),
    NESTED_CITATIONS("**引文：**", "**Citations:**"),
    LABEL_SUBAGENT("🤖 子代理", "🤖 Sub-agent"),
    LABEL_BACKGROUND("🤖 后台任务", "🤖 Background task"),
    LABEL_NESTED("🧩 嵌套工作流", "🧩 Nested workflow"),

    // background appendix (conversation.md)
    APPENDIX_TITLE("## 后台任务（未归入轮次）", "## Background tasks (not attributed to a turn)"),
    APPENDIX_NOTE_1("> 以下后台子代理负载既无轮次内锚点、也未等到 subagent_result 完成通知",
            "> The background sub-agent payloads below have no anchor in a turn and no subagent_result completion notice"),
    APPENDIX_NOTE_2(">（限额中断/取消等原因），无法归入具体轮次，如实归档于线程末尾。",
            "> (interrupted by a limit, canceled, …): they belong to no turn and are archived as they are at the end of the thread."),
    APPENDIX_STATUS("> 状态：`{0}`{1}{2}{3}", "> Status: `{0}`{1}{2}{3}"),
    APPENDIX_UNKNOWN_STATUS("未知", "unknown"),
    APPENDIX_LOCKED_REASON(" · locked_reason: `{0}`"),
    APPENDIX_TIME(" · 时间：{0} → {1}", " · time: {0} → {1}"),
    APPENDIX_UNKNOWN_TIME("?"),

    // status annotations (§3.2)
    TAG_LIMIT_INTERRUPTED("⏸ 限额中断（内容截至中断点）", "⏸ interrupted by a limit (content up to the interruption)"),
    TAG_AWAITING("⏸ 中断待续", "⏸ interrupted, awaiting the next step"),
    TAG_CANCELED("⛔ 已取消", "⛔ canceled"),

    // sources.md, report.md
    SOURCES_TITLE("# 引文列表", "# Citations"),
    REPORT_TITLE("# {0}"),
    REPORT_DEFAULT_TITLE("研究报告", "Research report"),
    REPORT_FILE("> 产物文件: {0}", "> Product file: {0}"),

    // console lines: index, batch, export, session, status, sync-deleted, re-render
    INDEX_REFRESHED("[index] {0} {1}: {2} 页，获取 {3} 条，索引共 {4} 条{5}",
            "[index] {0} {1}: {2} page(s), {3} fetched, {4} in the index{5}"),
    INDEX_UNCHANGED("（无变化）", " (unchanged)"),
    AUTH_SESSION("[auth] cookie 来源 {0}，当前账户: {1}", "[auth] cookies from {0}, account: {1}"),
    AUTH_NOT_LOGGED_IN("(未登录)", "(not logged in)"),
    AUTH_FAILED_401("鉴权失败 401 (cookie expired or not logged in)", "auth failed: 401 (cookie expired or not logged in)"),
    AUTH_FAILED_403("鉴权失败 403 (cookie expired or risk-controlled)", "auth failed: 403 (cookie expired or risk-controlled)"),
    BATCH_PAUSE("[batch] 间隔 {0}s", "[batch] pause {0}s"),
    BATCH_EXPORTING("[batch {0}/{1}] 导出: {2}{3}", "[batch {0}/{1}] exporting: {2}{3}"),
    BATCH_EARLY_STOP("[batch] 已是最后更新状态，其后 {0} 条均无需导出——增量早停 (ok={1} skip={2} fail={3}；--full 可强制全量)",
            "[batch] up to date from here on: the {0} after it need no export (early stop; ok={1} skip={2} fail={3};"
                    + " --full exports everything)"),
    BATCH_DONE("[batch] 完成。ok={0} skip={1} fail={2} / 共 {3}", "[batch] done. ok={0} skip={1} fail={2} / total {3}"),
    BATCH_VARIANTS("[batch] ⚠ {0} 个线程检测到回答改写变体 ANSWER_VARIANT_DETECTED（见 index/answer_variants_log.jsonl）",
            "[batch] ⚠ {0} thread(s) with a rewritten answer ANSWER_VARIANT_DETECTED (see index/answer_variants_log.jsonl)"),
    EXPORT_UP_TO_DATE("[export] 已是最新（lastUpdated {0}），未写入任何文件: {1}",
            "[export] up to date (lastUpdated {0}), no file written: {1}"),
    VARIANT_ADVICE(" | 平台以另一版本改写了该轮回答，被替换的版本无法通过 API 取回：请人工确认并另存为"
            + " rewritten_answer_variant.md（参见 thread.json.answer_variants、index/answer_variants_log.jsonl、API 参考 §5.2）",
            " | the platform rewrote this turn's answer with another version; the replaced one cannot be fetched"
                    + " through the API: check it by hand and save it as rewritten_answer_variant.md (see"
                    + " thread.json.answer_variants, index/answer_variants_log.jsonl, API reference §5.2)"),
    STATE_ENTRY_DELETED("ENTRY_DELETED（用户/远端已删除，不可恢复）", "ENTRY_DELETED (deleted by the user or remotely, unrecoverable)"),
    STATE_ENTRY_EXPIRED("ENTRY_EXPIRED（平台已清除，不可恢复）", "ENTRY_EXPIRED (purged by the platform, unrecoverable)"),
    STATE_NOT_FOUND("HTTP 404（sync-deleted：远端已不存在）", "HTTP 404 (sync-deleted: no longer on the platform)"),
    STATUS_ACCOUNT("[status] {0}: 索引 {1} 条（最新 {2}）; 待导出 new={3} updated={4}; done={5} expired={6} deleted={7}; 早停 {8}",
            "[status] {0}: {1} in the index (newest {2}); to export new={3} updated={4}; done={5} expired={6} deleted={7};"
                    + " early stop {8}"),
    SYNC_DELETED_PAUSE("[sync-deleted] 间隔 {0}s", "[sync-deleted] pause {0}s"),
    // console lines: ask (the reference's pplx-ask wording, ask-stream.md §3-§4)
    ASK_CREATED("[ask] 线程已创建: {0}", "[ask] created {0}"),
    ASK_FOLLOW_UP("[ask] 追问: {0}", "[ask] follow-up in {0}"),
    ASK_STATUS("[ask] {0}s 状态: {1}", "[ask] {0}s status: {1}"),
    ASK_PROGRESS("[ask] {0}s 生成中… {1} 字符", "[ask] {0}s generating… {1} characters"),
    ASK_IDLE("[ask] 仍在等待响应流…（已空闲 {0}s）", "[ask] still waiting for the response stream… (idle {0}s)"),
    ASK_DONE("[ask] 完成（{0}s）: {1}", "[ask] completed ({0}s): {1}"),
    ASK_NOT_COMPLETED("[ask] 流异常结束（最终状态: {0}）{1}", "[ask] the stream ended without completing (final status: {0}){1}"),
    ASK_UNKNOWN_STATUS("未知", "unknown"),
    ASK_BROKEN("[ask] 已创建 {0}，但响应流中断；下次 sync 时将归档", "[ask] created {0}, but the stream broke; it will be archived by the next sync"),
    ASK_HTTP_FAILED("[ask] SSE 请求失败 HTTP {0}：{1}", "[ask] the ask request failed: HTTP {0}: {1}"),
    ASK_HTTP_401("鉴权失败：cookie 可能已失效，请更新 cookie", "auth failed: the cookie may have expired, refresh it"),
    ASK_HTTP_403("鉴权失败：cookie 失效或被风控，请更新 cookie", "auth failed: the cookie expired or was flagged, refresh it"),
    ASK_HTTP_429("触发限流，请稍后重试", "rate limited, try again later"),
    ASK_HTTP_5XX("服务端错误，请稍后重试", "server error, try again later"),
    ASK_HTTP_OTHER("请重试", "try again"),
    ASK_REQUEST_FAILED("[ask] SSE 请求失败: {0}", "[ask] the ask request failed: {0}"),
    ASK_STEP_FAILED("[ask] {0} 失败（不影响归档）: {1}", "[ask] {0} failed (the archive step still runs): {1}"),
    ASK_MOVED("[ask] 已移入 BOT 空间 {0}", "[ask] moved to the BOT space {0}"),
    ASK_MARKED_READ("[ask] 已标记为已读", "[ask] marked as read"),
    ASK_ARCHIVED("[ask] 已归档: {0}", "[ask] archived to {0}"),
    ASK_ARCHIVE_FAILED("[ask] 归档失败: {0}；下次 sync 时重试", "[ask] archiving failed: {0}; the next sync tries again"),
    ASK_EXPORTED("见上方 [export] 输出", "see the [export] lines above"),
    ASK_PENDING("[ask] 归档此前中断的提问: {0}", "[ask] archiving an earlier ask whose stream broke: {0}"),
    RE_RENDER_DONE("[re-render] 完成。rendered={0} unchanged={1} skip={2} fail={3} thread.json={4} / 共 {5}",
            "[re-render] done. rendered={0} unchanged={1} skip={2} fail={3} thread.json={4} / total {5}"),
    RE_RENDER_LISTED("[re-render] 完成（dry-run）。threads={0} skip={1}", "[re-render] done (dry-run). threads={0} skip={1}");

    private final String zh;
    private final String en;

    /** A label that reads the same in every language (Markdown syntax, names, placeholders only). */
    Label(String text) {
        this(text, text);
    }

    Label(String zh, String en) {
        this.zh = zh;
        this.en = en;
    }

    /** The text in {@code lang}. */
    public String text(Lang lang) {
        return lang == Lang.EN ? en : zh;
    }
}
