package io.github.pplxexport.render;

import io.github.pplxexport.subagent.WorkflowStatus;

/**
 * Every literal the archive's Markdown contains, in one table. The default text is the reference
 * exporter's (Chinese) wording, byte for byte; another label set can override any entry from a
 * properties file (see {@link Labels#load}) without touching the renderers. Placeholders are
 * {@code {0}}, {@code {1}}, … in argument order.
 */
public enum Label {
    // conversation.md
    CONV_TITLE("# {0}"),
    CONV_HEADER("> 模式: {0} | 作者: {1} | 轮次: {2} | 引文: {3}"),
    CONV_TURN("## Turn {0} — {1}"),
    CONV_QUERY("### Query"),
    CONV_ANSWER("### Answer"),
    EMPTY_QUERY("(空)"),
    EMPTY_ANSWER("(无)"),

    // turns/turn_NNNN.md
    TURN_TITLE("# Turn {0} — {1}"),
    TURN_QUERY("## Query"),
    TURN_ANSWER("## Answer"),
    TURN_CITATIONS("## 本轮引文"),
    WORK_PROCESS("## 工作过程"),
    WORK_PROCESS_BLOCK("## 工作过程（{0} 步骤 · {1}{2}）"),
    STUB_SECTION("## 子代理工作（{0} 个）"),
    STUB_NOTE("> 本轮为 subagent_result 通知（自身无工作过程）；以下为按时间关联到的后台子代理记录。"),

    // workflow steps
    STEP("### 步骤 {0}"),
    STEP_TITLED("### 步骤 {0} · {1}"),
    STEP_TOOL("（`{0}`）"),
    TIME_RANGE(" — {0} → {1}"),
    TAG_SEPARATOR(" · {0}"),
    COUNCIL_STEP("### 步骤 {0} · 🏛️ 模型委员会"),
    COUNCIL_STEP_TITLED("### 步骤 {0} · 🏛️ 模型委员会：{1}"),
    COUNCIL_MODELS("**模型：** {0}"),
    COUNCIL_MODEL_SEPARATOR(" · "),
    COUNCIL_SUMMARY("<summary>**{0}**（检索 {1} 词 · 来源 {2} · 答案 {3} 字符）</summary>"),
    COUNCIL_ANSWER("**答案：**"),
    QUERY_SEPARATOR("、"),
    SUBAGENT_STEP("### 步骤 {0} · 🤖 子代理：{1}{2}{3}"),
    SUBAGENT_PROMPT("**Prompt（任务指令）：**"),
    SUBAGENT_WORK("**子代理工作过程：**"),
    SUBAGENT_CONCLUSION("**子代理结论：**"),
    SUBAGENT_CITATIONS("**子代理引文：**"),

    // workflow items
    SOURCES("**来源：**"),
    TODO_DEFAULT_TITLE("任务清单"),
    TODO_TITLE("**{0}**"),
    TODO_DONE("- [x] {0}"),
    TODO_IN_PROGRESS("- [/] {0}"),
    TODO_PENDING("- [ ] {0}"),
    QUERIES("**检索：**"),
    USER_QUESTIONS("**向用户提问：**"),
    USER_QUESTION("**问：** {0}"),
    USER_ANSWER("**答：** {0}"),
    UNKNOWN_ITEM("（{0}）"),
    NESTED_RECURSION_LIMIT("（嵌套工作流：{0}，已达递归上限）"),
    UNNAMED("未命名"),

    // plain steps
    TOOL_INPUT("**工具输入**（{0}）"),
    TOOL_OUTPUT("**工具输出**（{0}）"),
    THOUGHT("**思考**"),
    SEARCH_WEB("**检索网页**"),
    SEARCH_RESULTS("**检索结果**"),
    GET_URL_CONTENT("**读取页面**"),
    SKILL("**{0}**：{1}"),
    RESEARCH_ANSWER("**生成研究报告**：{0}"),
    CODE("**代码**"),
    CODE_WITH_LANGUAGE("**代码**（{0}）"),
    CODE_STDOUT("**输出**"),
    CODE_STDERR("**错误输出**"),
    ATTACHMENT("**附件**"),
    URL_NAVIGATE("**打开页面**"),
    CREATE_CHART("**创建图表**"),
    CREATE_CHART_CAPTIONED("**创建图表**：{0}"),
    GENERATED_IMAGES("**生成图片结果**"),
    IMAGE_SIZE("（{0}×{1}）"),
    UNKNOWN_STEP("**{0}**（未渲染类型）"),

    // nested <details> blocks
    DETAILS_OPEN("<details>"),
    DETAILS_CLOSE("</details>"),
    DETAILS_SUMMARY("<summary>{0}：{1}（{2} 步骤 · {3}{4}{5}）</summary>"),
    HAS_CONCLUSION("有结论"),
    NO_CONCLUSION("无结论"),
    CITATION_COUNT(" · 引文 {0}"),
    NESTED_STEP_HEADING("**{0}**"),
    NO_STEPS("（无工作步骤记录）"),
    NESTED_CONCLUSION("**结论：**"),
    NESTED_CITATIONS("**引文：**"),
    LABEL_SUBAGENT("🤖 子代理"),
    LABEL_BACKGROUND("🤖 后台任务"),
    LABEL_NESTED("🧩 嵌套工作流"),

    // background appendix (conversation.md)
    APPENDIX_TITLE("## 后台任务（未归入轮次）"),
    APPENDIX_NOTE_1("> 以下后台子代理负载既无轮次内锚点、也未等到 subagent_result 完成通知"),
    APPENDIX_NOTE_2(">（限额中断/取消等原因），无法归入具体轮次，如实归档于线程末尾。"),
    APPENDIX_STATUS("> 状态：`{0}`{1}{2}{3}"),
    APPENDIX_UNKNOWN_STATUS("未知"),
    APPENDIX_LOCKED_REASON(" · locked_reason: `{0}`"),
    APPENDIX_TIME(" · 时间：{0} → {1}"),
    APPENDIX_UNKNOWN_TIME("?"),

    // status annotations (§3.2)
    TAG_LIMIT_INTERRUPTED("⏸ 限额中断（内容截至中断点）"),
    TAG_AWAITING("⏸ 中断待续"),
    TAG_CANCELED("⛔ 已取消"),

    // sources.md, report.md
    SOURCES_TITLE("# 引文列表"),
    REPORT_TITLE("# {0}"),
    REPORT_DEFAULT_TITLE("研究报告"),
    REPORT_FILE("> 产物文件: {0}");

    private final String zh;

    Label(String zh) {
        this.zh = zh;
    }

    /** The heading annotation of a status class (§3.2), or null when that class is not annotated. */
    public static Label tagOf(WorkflowStatus status) {
        return switch (status) {
            case LIMIT_INTERRUPTED -> TAG_LIMIT_INTERRUPTED;
            case AWAITING -> TAG_AWAITING;
            case CANCELED -> TAG_CANCELED;
            case COMPLETED, OTHER -> null;
        };
    }

    /** The reference's wording. */
    public String defaultText() {
        return zh;
    }
}
