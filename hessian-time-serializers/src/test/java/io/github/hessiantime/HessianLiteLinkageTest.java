package io.github.hessiantime;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One artifact for both hessian-lite lines: every class, method and field of hessian-lite that the library's class
 * files refer to exists in the hessian-lite on the test class path. The build runs this once with
 * org.apache.dubbo:hessian-lite 4.0.x and once with com.alibaba:hessian-lite 3.2.13, so a reference to something
 * only one line has fails here instead of as a NoClassDefFoundError or NoSuchMethodError in an application.
 */
class HessianLiteLinkageTest {
    private static final String HESSIAN_LITE = "com/alibaba/com/caucho/";

    @Test
    void everyHessianLiteReferenceResolvesOnThisLine() throws Exception {
        TreeSet<String> references = new TreeSet<>();
        for (Path file : libraryClasses()) {
            if (file.toString().contains("/dubbo/")) {
                continue; // the Dubbo glue is linked against Dubbo's own hessian-lite; the interop module tests it
            }
            collect(Files.readAllBytes(file), references);
        }
        assertTrue(references.size() > 40, "found only " + references);
        TreeSet<String> missing = new TreeSet<>();
        for (String reference : references) {
            if (!resolves(reference)) {
                missing.add(reference);
            }
        }
        assertEquals(new TreeSet<String>(), missing, "hessian-lite " + Hessian.hessianLiteLine() + " lacks these");
    }

    /** A reference this test must refuse: proves that resolving is not vacuous. */
    @Test
    void aMethodOnlyOneLineHasIsReported() {
        assertTrue(resolves("M com/alibaba/com/caucho/hessian/io/Hessian2Input readObject (Ljava/lang/Class;)Ljava/lang/Object;"));
        assertTrue(!resolves("M com/alibaba/com/caucho/hessian/io/Hessian2Input readObjectThatNeverExisted ()V"));
        assertTrue(!resolves("C com/alibaba/com/caucho/hessian/io/java8/NoSuchSerializer"));
        // The class the first version extended, which only 4.0.x has: proves which line this run is on.
        assertEquals(Hessian.hessianLiteLine().equals("4.0"),
                resolves("C com/alibaba/com/caucho/hessian/io/java8/InstantSerializer"));
    }

    private static void collect(byte[] classFile, TreeSet<String> references) {
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                addClass(superName, references);
                if (interfaces != null) {
                    for (String type : interfaces) {
                        addClass(type, references);
                    }
                }
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (owner.startsWith(HESSIAN_LITE)) {
                            references.add("M " + owner + " " + method + " " + desc);
                        }
                    }

                    @Override
                    public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                        if (owner.startsWith(HESSIAN_LITE)) {
                            references.add("F " + owner + " " + field + " " + desc);
                        }
                    }

                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        addClass(type, references);
                    }

                    @Override
                    public void visitTryCatchBlock(org.objectweb.asm.Label start, org.objectweb.asm.Label end,
                                                   org.objectweb.asm.Label handler, String type) {
                        addClass(type, references);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG);
    }

    private static void addClass(String internalName, TreeSet<String> references) {
        if (internalName != null && internalName.startsWith(HESSIAN_LITE)) {
            references.add("C " + internalName);
        }
    }

    private static boolean resolves(String reference) {
        String[] parts = reference.split(" ");
        Class<?> owner;
        try {
            owner = Class.forName(parts[1].replace('/', '.'), false, HessianLiteLinkageTest.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
        switch (parts[0]) {
            case "C":
                return true;
            case "F":
                return hasField(owner, parts[2], parts[3]);
            default:
                return hasMethod(owner, parts[2], parts[3]);
        }
    }

    /** Looks through the class, its superclasses and interfaces, as the JVM's resolution does. */
    private static boolean hasMethod(Class<?> owner, String name, String descriptor) {
        Deque<Class<?>> todo = new ArrayDeque<>();
        todo.add(owner);
        while (!todo.isEmpty()) {
            Class<?> type = todo.poll();
            if (name.equals("<init>")) {
                for (Constructor<?> constructor : type.getDeclaredConstructors()) {
                    if (Type.getConstructorDescriptor(constructor).equals(descriptor)) {
                        return true;
                    }
                }
                return false;
            }
            for (Method method : type.getDeclaredMethods()) {
                if (method.getName().equals(name) && Type.getMethodDescriptor(method).equals(descriptor)) {
                    return true;
                }
            }
            if (type.getSuperclass() != null) {
                todo.add(type.getSuperclass());
            }
            todo.addAll(java.util.Arrays.asList(type.getInterfaces()));
        }
        return false;
    }

    private static boolean hasField(Class<?> owner, String name, String descriptor) {
        for (Class<?> type = owner; type != null; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (field.getName().equals(name) && Type.getDescriptor(field.getType()).equals(descriptor)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Path> libraryClasses() throws IOException {
        try (Stream<Path> files = Files.walk(Paths.get(System.getProperty("hessiantime.mainClasses")))) {
            return files.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList());
        }
    }
}
