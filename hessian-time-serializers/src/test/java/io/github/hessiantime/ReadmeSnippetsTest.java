package io.github.hessiantime;

import org.junit.jupiter.api.Test;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Every Java snippet in the README is a whole class with a {@code main}: it is compiled here against the library and
 * hessian-lite, run, and what it prints must be what its {@code // prints:} comments say. A snippet that drifts from
 * the code, or forgets an import or a {@code flush()}, fails the build.
 */
class ReadmeSnippetsTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");
    private static final Pattern PRINTS = Pattern.compile("// prints: (.*)");

    @Test
    void everyJavaSnippetCompilesRunsAndPrintsWhatItSays() throws Exception {
        Path readme = Paths.get(System.getProperty("hessiantime.mainClasses"), "..", "..", "..", "README.md").normalize();
        String text = new String(Files.readAllBytes(readme), StandardCharsets.UTF_8);
        List<String> snippets = new ArrayList<>();
        Matcher block = JAVA_BLOCK.matcher(text);
        while (block.find()) {
            snippets.add(block.group(1));
        }
        assertFalse(snippets.isEmpty(), "the README has no Java snippet");
        for (String snippet : snippets) {
            runSnippet(snippet);
        }
    }

    private static void runSnippet(String source) throws Exception {
        Matcher className = CLASS_NAME.matcher(source);
        assertTrue(className.find(), "a README snippet is not a whole public class:\n" + source);
        List<String> expected = new ArrayList<>();
        Matcher prints = PRINTS.matcher(source);
        while (prints.find()) {
            expected.add(prints.group(1).trim());
        }
        assertFalse(expected.isEmpty(), "a README snippet says nothing about what it prints:\n" + source);

        Path dir = Files.createTempDirectory("readme-snippet");
        Path file = dir.resolve(className.group(1) + ".java");
        Files.write(file, source.getBytes(StandardCharsets.UTF_8));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertNotNull(compiler, "tests need a JDK");
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = compiler.run(null, diagnostics, diagnostics, "-classpath", testClassPath(), "-d", dir.toString(),
                file.toString());
        assertEquals(0, status, "does not compile:\n" + diagnostics + "\n" + source);

        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[]{dir.toUri().toURL()},
                ReadmeSnippetsTest.class.getClassLoader())) {
            Method main = loader.loadClass(className.group(1)).getMethod("main", String[].class);
            System.setOut(new PrintStream(printed, true, "UTF-8"));
            main.invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(original);
        }
        assertEquals(String.join("\n", expected), new String(printed.toByteArray(), StandardCharsets.UTF_8).trim(),
                "what " + className.group(1) + " prints");
    }

    private static void assertTrue(boolean condition, String message) {
        org.junit.jupiter.api.Assertions.assertTrue(condition, message);
    }

    /** Surefire's class path (it starts the tests through a manifest-only jar, so java.class.path is not it). */
    private static String testClassPath() throws IOException {
        String path = System.getProperty("surefire.test.class.path");
        return path != null ? path : System.getProperty("java.class.path").replace(":", File.pathSeparator);
    }
}
