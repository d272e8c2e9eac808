package io.github.pplxexport.sample;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The heaviest thread page {@code bench serve} measures: a Computer thread of {@link #TURNS} turns with
 * {@link #STEPS_PER_TURN} workflow steps each (code, output, tables, searches, a nested workflow: the shapes the
 * renderer writes) and {@link #ASSETS} product files of every kind, some in two versions, with their manifest.
 */
final class HeavyThread {
    static final int TURNS = 10;
    static final int STEPS_PER_TURN = 5;
    static final int ASSETS = 20;
    static final String UUID = "beefbeef-0000-4000-8000-000000000050";

    private HeavyThread() {
    }

    /** Writes the thread dir under {@code archive} and returns it. */
    static Path write(Path archive) throws IOException {
        Path dir = Files.createDirectories(archive.resolve("bench/computer/2026-12-01_Heavy-Computer-thread_beefbeef"));
        Files.writeString(dir.resolve("thread.json"), "{\n \"web_uuid\": \"" + UUID + "\",\n \"title\": \"Heavy Computer thread\",\n"
                + " \"mode\": \"computer\",\n \"author\": \"bench\",\n \"lastUpdated\": \"2026-12-01T10:00:00Z\",\n \"n_turns\": " + TURNS
                + "\n}\n", StandardCharsets.UTF_8);
        StringBuilder conversation = new StringBuilder("# Heavy Computer thread\n\n> 模式: computer | 作者: bench | 轮次: " + TURNS
                + " | 引文: 0\n");
        Path turns = Files.createDirectories(dir.resolve("turns"));
        for (int t = 1; t <= TURNS; t++) {
            String when = String.format(Locale.ROOT, "2026-12-01 %02d:00 UTC", 8 + t);
            String query = "Step " + t + " of the analysis: load sales_" + t + ".csv, clean it and chart the monthly totals.";
            String answer = "Done: **sales_" + t + ".csv** has 1,200 rows after cleaning; the total is $\\sum_i x_i = " + (1000 * t)
                    + "$ and the chart shows the months.\n\n| month | total |\n|---|---:|\n| Jan | " + t + "10 |\n| Feb | " + t + "20 |\n";
            conversation.append("\n## Turn ").append(t).append(" — ").append(when).append("\n\n### Query\n").append(query)
                    .append("\n\n### Answer\n").append(answer);
            StringBuilder turn = new StringBuilder("# Turn " + t + " — " + when + "\n\n## Query\n\n" + query + "\n\n## 工作过程（"
                    + STEPS_PER_TURN + " 步骤 · WORKFLOW_COMPLETED）\n\n");
            for (int s = 1; s <= STEPS_PER_TURN; s++) {
                turn.append(step(t, s));
            }
            turn.append("## Answer\n\n").append(answer);
            Files.writeString(turns.resolve(String.format(Locale.ROOT, "turn_%04d.md", t)), turn, StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve("conversation.md"), conversation, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("sources.json"), "{\"sources\": []}", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("sources.md"), "# Sources\n", StandardCharsets.UTF_8);
        assets(dir);
        return dir;
    }

    private static String step(int t, int s) {
        String head = "### 步骤 " + s + " · Work item " + t + "." + s + "（`bash`） — 2026-12-01 10:0" + s + ":00 → 2026-12-01 10:0" + s
                + ":09\n\n";
        return head + switch (s) {
            case 1 -> "**检索：**\n- monthly sales totals pandas\n- resample month end\n\n**来源：**\n"
                    + "- [pandas resample](https://example.org/pandas/resample)\n- [Month end frequency](https://example.org/pandas/me)\n\n";
            case 2 -> "```\npython3 clean.py sales_" + t + ".csv -o clean_" + t + ".csv\n```\n\n```\n" + "row ok\n".repeat(40) + "wrote clean_"
                    + t + ".csv\n```\n\n";
            case 3 -> "| region | Q1 | Q2 | Q3 | Q4 |\n|---|---:|---:|---:|---:|\n" + "| north | 1 | 2 | 3 | 4 |\n".repeat(20) + "\n";
            case 4 -> "<details>\n<summary>🧩 嵌套工作流：Check the totals（2 步骤 · 有结论）</summary>\n\n**Open the sheet**（`browser_task`）\n\n"
                    + "The totals match: $a^2 + b^2 = c^2$ holds for every row.\n\n</details>\n\n";
            default -> "**思考**\n\n" + "The monthly totals rise in spring and fall back in autumn; the chart makes that plain. ".repeat(8)
                    + "\n\n";
        };
    }

    /** {@link #ASSETS} files: 5 images, 5 tables (two of them in two versions), 3 Markdown, 4 code, HTML, a PDF and an archive. */
    private static void assets(Path dir) throws IOException {
        Path files = Files.createDirectories(dir.resolve("assets/files"));
        record A(String name, String file, String type, String version, long created) {
        }
        List<A> list = new ArrayList<>();
        byte[] png = chart();
        for (int i = 1; i <= 5; i++) {
            Files.write(files.resolve("Chart_" + i + ".png"), png);
            list.add(new A("Chart " + i, "Chart_" + i + ".png", "CHART", "v1", 1796494100L + i));
        }
        for (int i = 1; i <= 3; i++) {
            for (int v = 1; v <= (i <= 2 ? 2 : 1); v++) {
                StringBuilder csv = new StringBuilder("month,region,amount,share\n");
                for (int r = 0; r < 300; r++) {
                    csv.append("2026-").append(1 + r % 12).append(",region ").append(r % 7).append(',').append(100 + r * v).append(",0.")
                            .append(r % 10).append('\n');
                }
                String file = "sales_" + i + (i <= 2 ? "_v" + v : "") + ".csv";
                Files.writeString(files.resolve(file), csv, StandardCharsets.UTF_8);
                list.add(new A("sales_" + i + ".csv", file, "CODE_FILE", "v" + v, 1796494200L + 10L * i + v));
            }
        }
        for (int i = 1; i <= 3; i++) {
            Files.writeString(files.resolve("notes_" + i + ".md"), "# Notes " + i + "\n\nThe fit is $y = ax + b$ with\n\n$$\n"
                    + "a = \\frac{\\sum (x_i - \\bar x)(y_i - \\bar y)}{\\sum (x_i - \\bar x)^2}\n$$\n\n"
                    + "- a point\n- another point\n\n".repeat(10), StandardCharsets.UTF_8);
            list.add(new A("notes_" + i + ".md", "notes_" + i + ".md", "CODE_FILE", "v1", 1796494300L + i));
        }
        for (int i = 1; i <= 4; i++) {
            Files.writeString(files.resolve("clean_" + i + ".py"), ("import pandas as pd\n\n\ndef clean(path):\n"
                    + "    df = pd.read_csv(path)\n    return df.dropna().groupby('month').sum()\n\n").repeat(20), StandardCharsets.UTF_8);
            list.add(new A("clean_" + i + ".py", "clean_" + i + ".py", "CODE_FILE", "v1", 1796494400L + i));
        }
        Files.writeString(files.resolve("dashboard.html"), "<!DOCTYPE html><html><body><h1>Dashboard</h1><table>"
                + "<tr><td>north</td><td>1</td></tr>".repeat(50) + "</table></body></html>", StandardCharsets.UTF_8);
        list.add(new A("dashboard.html", "dashboard.html", "HTML", "v1", 1796494500L));
        Files.writeString(files.resolve("summary.pdf"), "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
                + "2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n"
                + "trailer<</Root 1 0 R>>\n%%EOF\n", StandardCharsets.US_ASCII);
        list.add(new A("summary.pdf", "summary.pdf", "DOCUMENT", "v1", 1796494600L));
        try (OutputStream out = Files.newOutputStream(files.resolve("export.zip")); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("readme.txt"));
            zip.write("the export\n".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        list.add(new A("export.zip", "export.zip", "CODE_FILE", "v1", 1796494700L));
        // the manifest's format (asset.Manifest): files by name, each with its versions
        java.util.Map<String, List<A>> byName = new java.util.TreeMap<>();
        for (A a : list) {
            byName.computeIfAbsent(a.name(), k -> new ArrayList<>()).add(a);
        }
        StringBuilder m = new StringBuilder("{\n \"count\": " + list.size() + ",\n \"files\": [");
        boolean firstFile = true;
        for (java.util.Map.Entry<String, List<A>> e : byName.entrySet()) {
            m.append(firstFile ? "\n" : ",\n").append("  {\n   \"filename\": \"").append(e.getKey()).append("\",\n   \"n_versions\": ")
                    .append(e.getValue().size()).append(",\n   \"versions\": [");
            firstFile = false;
            boolean firstVersion = true;
            for (A a : e.getValue()) {
                m.append(firstVersion ? "\n" : ",\n").append("    {\"uuid\": \"").append(java.util.UUID.nameUUIDFromBytes(a.file().getBytes(StandardCharsets.UTF_8)))
                        .append("\", \"asset_type\": \"").append(a.type()).append("\", \"version\": \"").append(a.version())
                        .append("\", \"created_at\": \"").append(a.created()).append("\", \"downloaded_to\": \"assets/files/").append(a.file()).append("\"}");
                firstVersion = false;
            }
            m.append("\n   ]\n  }");
        }
        m.append("\n ]\n}");
        Files.writeString(dir.resolve("assets/assets_manifest.json"), m, StandardCharsets.UTF_8);
    }

    /** A bar chart of 640×400 as PNG. */
    private static byte[] chart() throws IOException {
        BufferedImage img = new BufferedImage(640, 400, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 640, 400);
        g.setColor(new Color(0x2456a6));
        for (int i = 0; i < 12; i++) {
            int h = 40 + (i * 37) % 300;
            g.fillRect(20 + i * 50, 380 - h, 36, h);
        }
        g.dispose();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(img, "png", out);
        return out.toByteArray();
    }
}
