package io.github.hessiantime.sample.consumer;

import io.github.hessiantime.sample.api.SampleShipments;
import org.apache.dubbo.config.spring.context.annotation.EnableDubbo;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The consumer: a Spring Boot application with {@link ShipmentClient}. Its configuration is
 * {@code application-consumer.properties} (profile {@code consumer}); it needs nothing for hessian-time but the jar.
 */
@SpringBootApplication
@EnableDubbo
public class ConsumerApplication {

    public static void main(String[] args) {
        try (ConfigurableApplicationContext context =
                     new SpringApplicationBuilder(ConsumerApplication.class).profiles("consumer").run(args)) {
            System.out.println("confirmed: " + context.getBean(ShipmentClient.class).confirm(SampleShipments.shipment(1)));
        }
    }
}
