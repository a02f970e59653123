package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.QosClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two quick starts of docs/dubbo.md ({@code dubbo}, then Triple), from the docs' own text, as a reader runs them:
 * each {@code pom.xml} lists exactly what the {@code docs-quickstart} module depends on (same artifacts, same versions
 * on the resolved class path, all scopes as {@code dependency:build-classpath} writes it); its files are written as
 * the docs name them and its Java compiled against that class path at the release the pom sets; then the JVMs of its
 * commands run: ZooKeeper's own server with the docs' {@code zoo.cfg} (without its "relative" warning), the provider,
 * the consumer (on free ports instead of the defaults, given as the programs' arguments), for Triple the consumer
 * again without the jar. Each prints what its {@code // prints:} comments say, the QoS command {@code hessian2Time}
 * answers what the docs show, one INFO line says hessian2-time is available (none without the jar), and no JVM logs
 * a warning or an error up to its stop.
 */
class DubboDocsQuickStartTest {

    /** A file of the quick start: its name in bold code, some prose, then its fenced block. */
    private static final Pattern FILE = Pattern.compile("\\*\\*`([^`]+)`\\*\\*(?:(?!```).)*?```\\w*\\n(.*?)```",
            Pattern.DOTALL);
    private static final Pattern BLOCK = Pattern.compile("```(\\w+)\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*"
                    + "(?:<version>([^<]+)</version>)?", Pattern.DOTALL);
    private static final Pattern PRINTS = Pattern.compile("// prints( \\(each call\\))?: (.*)");
    private static final long TIMEOUT_MILLIS = 120_000;

    // the defaults the docs use, and the free ports this run uses instead
    private static final int ZOOKEEPER = 2181;
    private static final int DUBBO = 20880;
    private static final int TRIPLE = 50051;
    private static final int PROVIDER_QOS = 22222;
    private static final int CONSUMER_QOS = 22223;

    @Test
    void theQuickStartOfTheDocsBuildsRunsAndShowsWhatItSays(@TempDir Path project) throws Exception {
        QuickStart quickStart = new QuickStart("quickstart", project);
        assertTrue(quickStart.files.containsKey("src/main/resources/META-INF/dubbo/org.apache.dubbo.rpc.Filter"),
                quickStart.files.keySet().toString());
        String telnet = quickStart.only("text");
        String json = quickStart.only("json");
        String runtime = quickStart.compile();
        quickStart.checkCommands("quickstart.ClockProvider", "quickstart.ClockConsumer");

        try (Jvm zookeeper = quickStart.zookeeper()) {
            try (Jvm provider = quickStart.jvm("provider", runtime, "quickstart.ClockProvider", quickStart.registry,
                    quickStart.port(DUBBO), quickStart.port(PROVIDER_QOS))) {
                List<String> providerPrints = prints(quickStart.file("src/main/java/quickstart/ClockProvider.java"),
                        false);
                provider.awaitLines(providerPrints.size());
                try (Jvm consumer = quickStart.jvm("consumer", runtime, "quickstart.ClockConsumer",
                        quickStart.registry, quickStart.port(CONSUMER_QOS))) {
                    List<String> consumerPrints = prints(quickStart.file("src/main/java/quickstart/ClockConsumer.java"),
                            false);
                    consumer.awaitLines(consumerPrints.size());
                    assertEquals(consumerPrints, quickStart.withDefaultPorts(consumer.stdout()), consumer.logHint());

                    // each call arrived in hessian2-time, as the provider's filter printed
                    String eachCall = only(prints(quickStart.file("src/main/java/quickstart/SerializationLog.java"),
                            true), line -> true);
                    int calls = (int) consumerPrints.stream().filter(line -> line.endsWith(" came back equal"))
                            .count();
                    List<String> expected = new ArrayList<>(providerPrints);
                    for (int i = 0; i < calls; i++) {
                        expected.add(eachCall);
                    }
                    assertEquals(expected, provider.stdout(), provider.logHint());

                    // what the QoS command answers, as the docs show it
                    String answer = quickStart.withDefaultPorts(
                            QosClient.telnet(quickStart.ports.get(CONSUMER_QOS), "hessian2Time"));
                    assertEquals(cells(telnet), cells(answer), "telnet hessian2Time answered:\n" + answer);
                    assertEquals(json, QosClient.http(quickStart.ports.get(PROVIDER_QOS), "hessian2Time"),
                            "curl hessian2Time");

                    consumer.pressEnter(true);
                }
                provider.pressEnter(true);
            }
        }
    }

    /**
     * The Triple quick start: {@code tri} only, a record DTO compiled at the release its pom sets (with a compiler
     * plugin that knows the property), the consumer run twice, with the jar (whose {@code hessian2Time} the docs show)
     * and with the class path the docs build without it, then the provider's {@code hessian2Time} after both.
     */
    @Test
    void theTripleQuickStartOfTheDocsBuildsRunsAndShowsWhatItSays(@TempDir Path project) throws Exception {
        QuickStart quickStart = new QuickStart("quickstart-tri", project);
        String pom = quickStart.file("pom.xml");
        assertTrue(pom.contains("<artifactId>maven-compiler-plugin</artifactId>\n        <version>"
                + System.getProperty("interop.compilerVersion") + "</version>"), "a compiler plugin that knows "
                + "maven.compiler.release, the build's own:\n" + pom);
        assertTrue(quickStart.file("src/main/java/quickstart/Meeting.java").contains("public record Meeting("));
        String telnet = quickStart.only("text");
        String json = quickStart.only("json");
        String runtime = quickStart.compile();
        String runtimeWithoutJar = Stream.of(runtime.split(File.pathSeparator))
                .filter(entry -> !entry.contains("hessian-time-serializers")).collect(Collectors.joining(File.pathSeparator));
        assertEquals(runtime.split(File.pathSeparator).length - 1, runtimeWithoutJar.split(File.pathSeparator).length);
        quickStart.checkCommands("quickstart.AgendaProvider", "quickstart.AgendaConsumer",
                "mvn -q dependency:build-classpath -Dmdep.outputFile=classpath-without-hessian-time.txt "
                        + "-DexcludeArtifactIds=hessian-time-serializers",
                "java -cp \"target/classes:$(cat classpath-without-hessian-time.txt)\" quickstart.AgendaConsumer");

        List<String> consumerPrints = prints(quickStart.file("src/main/java/quickstart/AgendaConsumer.java"), false);
        try (Jvm zookeeper = quickStart.zookeeper()) {
            try (Jvm provider = quickStart.jvm("tri-provider", runtime, "quickstart.AgendaProvider",
                    quickStart.registry, quickStart.port(TRIPLE), quickStart.port(PROVIDER_QOS))) {
                List<String> providerPrints = prints(quickStart.file("src/main/java/quickstart/AgendaProvider.java"),
                        false);
                provider.awaitLines(providerPrints.size());
                try (Jvm consumer = quickStart.jvm("tri-consumer", runtime, "quickstart.AgendaConsumer",
                        quickStart.registry, quickStart.port(CONSUMER_QOS))) {
                    consumer.awaitLines(consumerPrints.size());
                    assertEquals(consumerPrints, quickStart.withDefaultPorts(consumer.stdout()), consumer.logHint());
                    String answer = quickStart.withDefaultPorts(
                            QosClient.telnet(quickStart.ports.get(CONSUMER_QOS), "hessian2Time"));
                    assertEquals(cells(telnet), cells(answer), "telnet hessian2Time answered:\n" + answer);
                    consumer.pressEnter(true);
                }
                // the same consumer without hessian-time: the same values, in hessian2
                try (Jvm consumer = quickStart.jvm("tri-consumer-without-jar", runtimeWithoutJar,
                        "quickstart.AgendaConsumer", quickStart.registry, quickStart.port(CONSUMER_QOS))) {
                    consumer.awaitLines(consumerPrints.size());
                    assertEquals(consumerPrints, quickStart.withDefaultPorts(consumer.stdout()), consumer.logHint());
                    consumer.pressEnter(false);
                }
                assertEquals(json, QosClient.http(quickStart.ports.get(PROVIDER_QOS), "hessian2Time"),
                        "curl hessian2Time");
                assertEquals(providerPrints, provider.stdout(), provider.logHint());
                provider.pressEnter(true);
            }
        }
    }

    /** One quick start of the docs: its section's files and blocks, and the free ports a run uses. */
    private static final class QuickStart {
        final Path project;
        final Map<String, String> files = new LinkedHashMap<>();
        final List<String> blocks = new ArrayList<>();
        final Map<Integer, Integer> ports = new LinkedHashMap<>();
        final String classpath;
        final String registry;

        QuickStart(String marker, Path project) throws IOException {
            this.project = project;
            String docs = Files.readString(Paths.get(System.getProperty("interop.docs"), "dubbo.md"));
            Matcher section = Pattern.compile("<!-- " + marker + ":start -->(.*?)<!-- " + marker + ":end -->",
                    Pattern.DOTALL).matcher(docs);
            assertTrue(section.find(), "docs/dubbo.md has no section " + marker);
            String text = section.group(1);
            Matcher file = FILE.matcher(text);
            while (file.find()) {
                files.put(file.group(1), file.group(2));
            }
            assertTrue(files.keySet().containsAll(List.of("pom.xml", "zoo.cfg")), files.keySet().toString());
            Matcher block = BLOCK.matcher(text);
            while (block.find()) {
                blocks.add(block.group(1) + "\n" + block.group(2));
            }
            Path module = Paths.get(System.getProperty("interop.peers"), "docs-quickstart");
            this.classpath = Files.readString(module.resolve("target/classpath.txt")).trim();
            checkDependencies(files.get("pom.xml"), module, classpath);
            for (int port : new int[] {ZOOKEEPER, DUBBO, TRIPLE, PROVIDER_QOS, CONSUMER_QOS}) {
                ports.put(port, MixedVersionInteropTest.freePort());
            }
            this.registry = "zookeeper://127.0.0.1:" + ports.get(ZOOKEEPER);
        }

        String file(String name) {
            assertTrue(files.containsKey(name), name + " not in " + files.keySet());
            return files.get(name);
        }

        /** The one block of {@code language}, without its language line. */
        String only(String language) {
            return DubboDocsQuickStartTest.only(blocks, b -> b.startsWith(language + "\n"))
                    .substring(language.length() + 1).trim();
        }

        String port(int defaultPort) {
            return Integer.toString(ports.get(defaultPort));
        }

        /**
         * Writes the files where the docs put them and compiles the Java as the docs' pom would (its
         * {@code maven.compiler.release}, or {@code maven.compiler.target}); returns the run-time class path.
         */
        String compile() throws IOException {
            String pom = files.get("pom.xml");
            Matcher release = Pattern.compile("<maven\\.compiler\\.(?:release|target)>(?:1\\.)?(\\d+)<").matcher(pom);
            assertTrue(release.find(), "the docs' pom sets no Java release:\n" + pom);
            List<String> sources = new ArrayList<>();
            for (Map.Entry<String, String> entry : files.entrySet()) {
                Path path = project.resolve(entry.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, entry.getValue());
                if (entry.getKey().endsWith(".java")) {
                    sources.add(path.toString());
                }
            }
            Path classes = Files.createDirectories(project.resolve("target/classes"));
            List<String> javac = new ArrayList<>(List.of("--release", release.group(1), "-classpath", classpath,
                    "-d", classes.toString()));
            javac.addAll(sources);
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
            assertEquals(0, compiler.run(null, diagnostics, diagnostics, javac.toArray(new String[0])),
                    "does not compile:\n" + diagnostics);
            Path resources = project.resolve("src/main/resources");
            try (var walk = Files.walk(resources)) {
                for (Path resource : walk.filter(Files::isRegularFile).collect(Collectors.toList())) {
                    Path target = classes.resolve(resources.relativize(resource));
                    Files.createDirectories(target.getParent());
                    Files.copy(resource, target);
                }
            }
            return classes + File.pathSeparator + classpath;
        }

        /** The docs' commands include these (and the class path and ZooKeeper ones every quick start has). */
        void checkCommands(String providerClass, String consumerClass, String... more) {
            String commands = DubboDocsQuickStartTest.only(blocks, b -> b.startsWith("bash\n"));
            List<String> expected = new ArrayList<>(List.of(
                    "mvn -q compile dependency:build-classpath -Dmdep.outputFile=classpath.txt",
                    // "./": ZooKeeper warns that a bare "zoo.cfg" is relative
                    "java -cp \"$(cat classpath.txt)\" org.apache.zookeeper.server.ZooKeeperServerMain ./zoo.cfg",
                    "java -cp \"target/classes:$(cat classpath.txt)\" " + providerClass,
                    "java -cp \"target/classes:$(cat classpath.txt)\" " + consumerClass));
            expected.addAll(List.of(more));
            for (String command : expected) {
                assertTrue(commands.contains(command + "\n"), "the docs run: " + command + "\n" + commands);
            }
        }

        /** ZooKeeper's own server with the docs' zoo.cfg (this run's port and a data directory of its own). */
        Jvm zookeeper() throws Exception {
            String zooCfg = files.get("zoo.cfg");
            assertTrue(zooCfg.contains("clientPortAddress=127.0.0.1\n"), "ZooKeeper on loopback only:\n" + zooCfg);
            Files.writeString(project.resolve("zoo.cfg"), zooCfg
                    .replace("clientPort=" + ZOOKEEPER + "\n", "clientPort=" + ports.get(ZOOKEEPER) + "\n")
                    .replaceAll("dataDir=.*\n", "dataDir=" + project.resolve("zookeeper-data").toString()
                            .replace('\\', '/') + "\n"));
            Jvm zookeeper = jvm("zookeeper", classpath, "org.apache.zookeeper.server.ZooKeeperServerMain",
                    "./zoo.cfg");
            try {
                awaitListening(ports.get(ZOOKEEPER), zookeeper);
            } catch (Throwable notStarted) {
                zookeeper.close();
                throw notStarted;
            }
            return zookeeper;
        }

        Jvm jvm(String name, String classpath, String mainClass, String... args) throws IOException {
            return new Jvm(project, name, classpath, mainClass, args);
        }

        /** {@code text} with this run's ports written as the docs' defaults. */
        String withDefaultPorts(String text) {
            String result = text;
            for (Map.Entry<Integer, Integer> port : ports.entrySet()) {
                result = result.replace(":" + port.getValue(), ":" + port.getKey());
            }
            return result;
        }

        List<String> withDefaultPorts(List<String> lines) {
            return lines.stream().map(this::withDefaultPorts).collect(Collectors.toList());
        }
    }

    /** The docs' dependencies: the same artifacts as the module, at the versions its class path resolved. */
    private static void checkDependencies(String pom, Path module, String classpath) throws IOException {
        Set<String> documented = new TreeSet<>();
        Matcher dependency = DEPENDENCY.matcher(pom);
        while (dependency.find()) {
            String artifact = dependency.group(2);
            documented.add(dependency.group(1) + ":" + artifact);
            String version = dependency.group(3);
            assertNotNull(version, artifact + " has no version in the docs");
            String jar = artifact + "-" + version + ".jar";
            boolean onClassPath = artifact.equals("hessian-time-serializers")
                    ? classpath.contains("hessian-time-serializers") && version.equals(projectVersion(module))
                    : List.of(classpath.split(File.pathSeparator)).stream().anyMatch(e -> e.endsWith(jar));
            assertTrue(onClassPath, jar + " (docs) is not what docs-quickstart resolves: " + classpath);
        }
        Set<String> declared = new TreeSet<>();
        Matcher declaredDependency = DEPENDENCY.matcher(Files.readString(module.resolve("pom.xml")));
        while (declaredDependency.find()) {
            declared.add(declaredDependency.group(1) + ":" + declaredDependency.group(2));
        }
        assertEquals(declared, documented, "the docs list exactly docs-quickstart's dependencies");
    }

    /** The {@code // prints:} lines of a source, or its {@code // prints (each call):} lines. */
    private static List<String> prints(String source, boolean eachCall) {
        List<String> lines = new ArrayList<>();
        Matcher prints = PRINTS.matcher(source);
        while (prints.find()) {
            if ((prints.group(1) != null) == eachCall) {
                lines.add(prints.group(2).trim());
            }
        }
        assertFalse(lines.isEmpty(), "no // prints comment in\n" + source);
        return lines;
    }

    private static <T> T only(List<T> items, Predicate<T> which) {
        List<T> matching = items.stream().filter(which).collect(Collectors.toList());
        assertEquals(1, matching.size(), matching.toString());
        return matching.get(0);
    }

    /** A command's text answer line by line, table rows as their trimmed cells (column widths follow the ports). */
    private static List<String> cells(String answer) {
        List<String> lines = new ArrayList<>();
        for (String line : answer.replace("\r", "").split("\n")) {
            if (line.startsWith("+")) {
                continue;
            }
            lines.add(line.startsWith("|") ? List.of(line.split("\\|")).stream().map(String::trim)
                    .collect(Collectors.joining("|")) : line.trim());
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    private static void awaitListening(int port, Jvm process) throws Exception {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (true) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException notYet) {
                assertTrue(System.currentTimeMillis() < deadline && process.alive(), "ZooKeeper did not start: "
                        + process.logHint());
                Thread.sleep(200);
            }
        }
    }

    private static String projectVersion(Path module) throws IOException {
        Matcher version = Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL)
                .matcher(Files.readString(module.resolve("pom.xml")));
        assertTrue(version.find());
        return version.group(1);
    }

    /**
     * One JVM of the quick start, in the project directory: stdout (what it prints) and stderr (its log) apart, its
     * stdin ours (the programs stop on Enter). Closing checks the stop: exit 0, one INFO line saying hessian2-time is
     * available in a Dubbo JVM, and no warning or error logged.
     */
    private static final class Jvm implements AutoCloseable {
        private final String name;
        private final Process process;
        private final Path stdout;
        private final Path stderr;

        Jvm(Path project, String name, String classpath, String mainClass, String... args) throws IOException {
            this.name = name;
            this.stdout = project.resolve(name + ".out");
            Path logs = Files.createDirectories(Paths.get(System.getProperty("interop.logs")));
            this.stderr = logs.resolve("docs-quickstart-" + name + ".log");
            List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xmx256m", "-Djava.net.preferIPv4Stack=true", "-cp", classpath, mainClass));
            command.addAll(List.of(args));
            this.process = new ProcessBuilder(command).directory(project.toFile()).redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile()).start();
        }

        boolean alive() {
            return process.isAlive();
        }

        List<String> stdout() throws IOException {
            return Files.readAllLines(stdout, StandardCharsets.UTF_8);
        }

        String logHint() {
            return name + " (stdout " + stdout + ", log " + stderr + ")";
        }

        void awaitLines(int count) throws Exception {
            long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
            while (stdout().size() < count) {
                assertTrue(process.isAlive() && System.currentTimeMillis() < deadline, name + " printed "
                        + stdout() + "; " + logHint());
                Thread.sleep(200);
            }
        }

        /** Stops the JVM with Enter and checks its log: hessian-time's one line where the jar is, no noise. */
        void pressEnter(boolean withTheJar) throws Exception {
            OutputStream in = process.getOutputStream();
            in.write('\n');
            in.flush();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), name + " did not stop on Enter; " + logHint());
            assertEquals(0, process.exitValue(), logHint());
            String log = Files.readString(stderr);
            assertEquals(withTheJar ? 1 : 0, log.lines().filter(line -> line.contains("hessian2-time is available"))
                    .count(), "one INFO line with the jar, none without: " + logHint());
            assertTrue(log.contains("[DUBBO]"), "Dubbo's log reaches stderr through slf4j-simple: " + logHint());
            List<String> noise = log.lines().filter(line -> line.contains(" WARN ") || line.contains(" ERROR ")
                    || line.contains("Exception")).collect(Collectors.toList());
            assertEquals(List.of(), noise, "a clean run and stop: " + logHint());
        }

        @Override
        public void close() throws Exception {
            if (name.equals("zookeeper")) {
                // ZooKeeper warns "zoo.cfg is relative. Prepend ./" where the docs' command would give it so
                assertFalse(Files.readString(stderr).contains("is relative"), logHint());
            }
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
