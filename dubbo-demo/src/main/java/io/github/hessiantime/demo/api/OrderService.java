package io.github.hessiantime.demo.api;

/** The demo service: orders whose fields are dates and times of every common kind. */
public interface OrderService {

    /** Stores {@code order} and returns the stored copy. */
    Order place(Order order);

    /** The Date-DTO of the throughput comparison: returns the provider's copy of the timeline. */
    DateTimeline echoDates(DateTimeline timeline);

    /** The LocalDateTime-DTO of the throughput comparison: the same timeline with {@code LocalDateTime}s. */
    LocalDateTimeTimeline echoLocalDateTimes(LocalDateTimeTimeline timeline);
}
