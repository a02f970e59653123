package io.github.hessiantime.interop;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The quick start of docs/dubbo.md, from the docs' own text: its dependency list is exactly what the
 * {@code docs-quickstart} module depends on (same artifacts, same versions on the resolved class path), its Java
 * compiles against that class path, and run in its own JVM against a loopback ZooKeeper it prints what its
 * {@code // prints:} comments say (so the call negotiated hessian2-time) and Dubbo's log reaches stderr.
 */
class DubboDocsQuickStartTest {

    private static final Pattern SECTION =
            Pattern.compile("<!-- quickstart:start -->(.*?)<!-- quickstart:end -->", Pattern.DOTALL);
    private static final Pattern XML = Pattern.compile("```xml\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern JAVA = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*"
                    + "(?:<version>([^<]+)</version>)?", Pattern.DOTALL);
    private static final Pattern PRINTS = Pattern.compile("// prints: (.*)");

    @Test
    void theQuickStartOfTheDocsBuildsRunsAndNegotiatesHessian2Time(@TempDir Path dir) throws Exception {
        String docs = Files.readString(Paths.get(System.getProperty("interop.docs"), "dubbo.md"));
        Matcher section = SECTION.matcher(docs);
        assertTrue(section.find(), "docs/dubbo.md has no quick start section");
        String text = section.group(1);
        Matcher xml = XML.matcher(text);
        assertTrue(xml.find(), "no dependency list in the quick start");
        Matcher java = JAVA.matcher(text);
        assertTrue(java.find(), "no Java in the quick start");
        String source = java.group(1);

        // the dependencies: the same artifacts as the module, at the versions its class path resolved
        Path module = Paths.get(System.getProperty("interop.peers"), "docs-quickstart");
        String classpath = Files.readString(module.resolve("target/classpath.txt")).trim();
        Set<String> documented = new TreeSet<>();
        Matcher dependency = DEPENDENCY.matcher(xml.group(1));
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

        // the code: compiled against that class path, run in its own JVM
        Matcher className = Pattern.compile("public class (\\w+)").matcher(source);
        assertTrue(className.find(), "the quick start is not a whole public class");
        List<String> expected = new ArrayList<>();
        Matcher prints = PRINTS.matcher(source);
        while (prints.find()) {
            expected.add(prints.group(1).trim());
        }
        assertFalse(expected.isEmpty(), "the quick start says nothing about what it prints");
        Path file = dir.resolve(className.group(1) + ".java");
        Files.writeString(file, source);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = compiler.run(null, diagnostics, diagnostics, "--release", "8", "-classpath", classpath, "-d",
                dir.toString(), file.toString());
        assertEquals(0, status, "does not compile:\n" + diagnostics);

        InstanceSpec spec = new InstanceSpec(dir.resolve("zookeeper").toFile(), MixedVersionInteropTest.freePort(), -1,
                -1, true, 1, -1, -1, Map.of("clientPortAddress", "127.0.0.1"), "127.0.0.1");
        try (TestingServer zookeeper = new TestingServer(spec, true)) {
            Path stdout = dir.resolve("stdout.txt");
            Path stderr = Paths.get(System.getProperty("interop.logs"), "docs-quickstart.log");
            Files.createDirectories(stderr.getParent());
            Process process = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-Djava.net.preferIPv4Stack=true", "-cp", dir + File.pathSeparator + classpath,
                    className.group(1), "zookeeper://127.0.0.1:" + zookeeper.getPort(),
                    Integer.toString(MixedVersionInteropTest.freePort()))
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            try {
                assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the quick start did not end within 120 s");
            } finally {
                process.destroyForcibly();
            }
            String printed = Files.readString(stdout, StandardCharsets.UTF_8).trim();
            String log = Files.readString(stderr);
            System.out.println("quick start printed:\n" + printed);
            assertEquals(String.join("\n", expected), printed, "what the quick start prints (log: " + stderr + ")");
            assertEquals(0, process.exitValue(), "exit code (log: " + stderr + ")");
            assertTrue(log.contains("[DUBBO]"), "Dubbo's log reaches stderr through slf4j-simple: " + log);
            assertFalse(log.contains("hessian2-time cannot initialise"), log);
        }
    }

    private static String projectVersion(Path module) throws Exception {
        Matcher version = Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL)
                .matcher(Files.readString(module.resolve("pom.xml")));
        assertTrue(version.find());
        return version.group(1);
    }
}
