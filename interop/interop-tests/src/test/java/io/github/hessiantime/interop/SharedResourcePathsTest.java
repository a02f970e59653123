package io.github.hessiantime.interop;

import io.github.hessiantime.interop.Peer.Flavour;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * hessian-time's jar ships no resource at a path that hessian-lite's or Dubbo's jars also use: an application shaded
 * with maven-shade's defaults keeps only one file per path, so any shared path would silently drop theirs or ours.
 * The jars compared are the ones the peers run with: hessian-lite 3.2.13 and 4.0.4, Dubbo 2.7.23, 3.2.16, 3.2.19, 3.3.6.
 */
class SharedResourcePathsTest {

    private static final List<String> NEIGHBOURS = List.of("hessian-lite-3.2.13.jar", "hessian-lite-4.0.4.jar",
            "dubbo-2.7.23.jar", "dubbo-3.2.16.jar", "dubbo-3.2.19.jar", "dubbo-3.3.6.jar");

    @Test
    void noResourcePathOfOurJarExistsInHessianLiteOrDubbo() throws IOException {
        List<Path> classpath = new ArrayList<>();
        for (Flavour flavour : List.of(Flavour.NEW, Flavour.DUBBO_32_JAR, Flavour.DUBBO_3219_JAR, Flavour.DUBBO_27_JAR)) {
            for (String entry : flavour.classpath().split(java.io.File.pathSeparator)) {
                classpath.add(Path.of(entry));
            }
        }
        Path ours = classpath.stream().filter(p -> p.toString().contains("hessian-time-serializers")).findFirst()
                .orElseThrow();
        Set<String> ourResources = resources(ours);
        assertTrue(ourResources.contains("META-INF/dubbo/org.apache.dubbo.common.serialize.Serialization"),
                "our SPI file is where Dubbo wants third-party extensions: " + ourResources);
        assertTrue(ourResources.stream().noneMatch(r -> r.startsWith("META-INF/dubbo/internal/")), ourResources.toString());

        List<String> compared = new ArrayList<>();
        for (String neighbour : NEIGHBOURS) {
            Path jar = classpath.stream().filter(p -> p.getFileName().toString().equals(neighbour)).findFirst()
                    .orElseThrow(() -> new AssertionError(neighbour + " is on no peer's class path"));
            Set<String> shared = new TreeSet<>(resources(jar));
            shared.retainAll(ourResources);
            assertEquals(Set.of(), shared, "paths " + ours.getFileName() + " shares with " + neighbour);
            compared.add(neighbour);
        }
        assertEquals(NEIGHBOURS, compared);
    }

    /** Every file path in a jar or classes directory that is not a class file (classes are not shaded-merged). */
    private static Set<String> resources(Path jarOrDirectory) throws IOException {
        Set<String> resources = new TreeSet<>();
        try (FileSystem jar = Files.isDirectory(jarOrDirectory) ? null
                : FileSystems.newFileSystem(jarOrDirectory, (ClassLoader) null)) {
            Path root = jar != null ? jar.getPath("/") : jarOrDirectory;
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(Files::isRegularFile).map(file -> root.relativize(file).toString().replace('\\', '/'))
                        .filter(path -> !path.endsWith(".class") && !path.equals("META-INF/MANIFEST.MF"))
                        .forEach(resources::add);
            }
        }
        return resources;
    }
}
